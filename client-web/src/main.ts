// Entry point: styles, language, then the application.
import '@lichess-org/chessground/assets/chessground.base.css';
import '@lichess-org/chessground/assets/chessground.brown.css';
import '@lichess-org/chessground/assets/chessground.cburnett.css';
import './styles/base.css';
import './styles/home.css';
import './styles/room.css';
import './styles/shogi.css';
import './styles/reversi.css';
import './styles/fairy.css';
import './styles/replay.css';
import './styles/analysis.css';
import './styles/review.css';
import './styles/my-rooms.css';
import { initLang, lang } from './i18n';
import { App } from './app/app';
import { fontsReady } from './ui/fonts';

initLang(globalThis.localStorage ?? null, navigator);
void fontsReady(lang() === 'ja').then(() => new App(document.getElementById('app')!).start());
