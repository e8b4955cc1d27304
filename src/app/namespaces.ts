/**
 * Every text namespace (public/locales/<lng>/<ns>.json): the shell's, then those the area manifest
 * names, so a new area's texts are checked and loaded in tests by its manifest line alone. Only tests
 * import this file: the running app loads a namespace when a screen asks for it.
 */
import { SHELL_NAMESPACES } from '../i18n/languages';
import { AREAS } from './areas';

export const NAMESPACES: readonly string[] = [...new Set([...SHELL_NAMESPACES, ...AREAS.flatMap((area) => area.namespaces)])];
