/** @file The rules page: only the language switch. */
import { initPage } from './i18n.js';

initPage(document);
