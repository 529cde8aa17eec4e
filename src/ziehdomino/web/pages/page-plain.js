/** @file Pages without a game (the rules, the error pages): only the language switch. */
// @ts-check
import { initPage } from '../common/i18n.js';
import './plain-strings.js';

initPage(document);
