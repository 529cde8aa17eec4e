/** @file Pages without a game (the rules, the error pages): only the language switch. */
import { initPage } from '../common/i18n.js';
import './plain-strings.js';

initPage(document);
