// What the room page's buttons and board ask for, turned into requests.
import { t } from '../i18n';
import { isChoosable } from '../games/catalog';
import type { GameDirectory } from '../games/directory';
import type { RoomState } from '../state/room';
import type { RoomActions } from '../ui/controls';
import { confirmDialog } from '../ui/dialogs';
import { switchClock } from '../ui/presets';
import type { Sound } from '../ui/sound';
import type { ServerLink } from './link';
import { askVariant, type VariantChecker } from '../games/variant-form';
import type { RecordUpload } from './record-upload';

export interface ActionDeps {
  link: ServerLink;
  sound: Sound;
  games: GameDirectory;
  state: () => RoomState | null;
  checkVariant?: VariantChecker; // for switching to the host's own fairy variant
  upload?: RecordUpload; // for bringing a record in
}

export function roomActions(d: ActionDeps): RoomActions {
  return {
    move: (move) => {
      const s = d.state();
      if (!s) return;
      d.sound.unlock();
      d.link.move(move, s.version, s.moves.length);
    },
    send: (type, extra = {}) => {
      d.link.request({ type, ...extra });
    },
    ask: (type, extra = {}) => d.link.ask({ type, ...extra }),
    resign: () => {
      void confirmDialog(t('play.resign.confirm'), t('play.resign')).then((yes) => {
        if (yes) d.link.request({ type: 'resign' });
      });
    },
    importRecord: d.upload ? (text, format, name, progress) => d.upload!.send(text, format, name, progress) : undefined,
    switchGame: (game, clockChoice = 'keep') => {
      const s = d.state();
      if (!isChoosable(game) || !s) return;
      const clock = switchClock(d.games.byoyomi(game), s.options.clock, clockChoice);
      if (game !== 'custom') {
        d.link.request({ type: 'switch_game', game, clock });
        return;
      }
      // The host's own variant: written (or the room's last one changed) in a dialog.
      if (!d.checkVariant) return;
      void askVariant(d.checkVariant, s.options.variant).then((v) => {
        if (v) d.link.request({ type: 'switch_game', game, clock, ...v });
      });
    },
  };
}
