// Entry point: styles, language, then the application.
import 'chessground/assets/chessground.base.css';
import 'chessground/assets/chessground.brown.css';
import 'chessground/assets/chessground.cburnett.css';
import './styles/base.css';
import './styles/home.css';
import './styles/room.css';
import './styles/shogi.css';
import './styles/reversi.css';
import { initLang } from './i18n';
import { App } from './app';

initLang(globalThis.localStorage ?? null, navigator);
new App(document.getElementById('app')!).start();
