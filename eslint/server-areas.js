// A server area (server/src/modules/<area>/) imports nothing of another area: what two areas need
// lives in server/src/shared/ (the academic context, the caller's ids…), which imports no area. The
// plugins (server/src/plugins/: sessions, errors, files, the live stream…) serve every area and import
// none of them, nor the module list: an area hands a plugin what it needs (server/src/app.ts wires
// them). See docs/adding-an-area.md, "Adding an area: server".
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const relative = (file) => path.relative(root, file).split(path.sep).join('/');

/** True for a file under server/src/shared/. */
function inShared(file) {
  return relative(file).startsWith('server/src/shared/');
}

/** True for a file under server/src/plugins/. */
function inPlugins(file) {
  return relative(file).startsWith('server/src/plugins/');
}

/** True for a file under server/src/modules/ (an area, or the module list). */
function inModules(file) {
  return relative(file).startsWith('server/src/modules/');
}

/** The area a file belongs to (null outside server/src/modules/<area>/). */
export function serverArea(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const m = /^server\/src\/modules\/([^/.]+)(?:\/|$)/.exec(rel);
  return m ? m[1] : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const serverAreas = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      otherArea: "Server area '{{from}}' must not import area '{{to}}' ('{{spec}}'): move what both need to server/src/shared/.",
      sharedImportsArea: "server/src/shared/ must not import area '{{to}}' ('{{spec}}'): shared code is what areas build on.",
      pluginImportsArea:
        "server/src/plugins/ must not import server/src/modules/ ('{{spec}}'): plugins serve every area; hand the plugin what it needs from server/src/app.ts.",
    },
  },
  create(context) {
    const from = serverArea(context.filename);
    const shared = inShared(context.filename);
    const plugin = inPlugins(context.filename);
    if (!from && !shared && !plugin) return {};
    function check(node, spec) {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), spec);
      if (plugin) {
        if (inModules(target)) context.report({ node, messageId: 'pluginImportsArea', data: { spec } });
        return;
      }
      const to = serverArea(target);
      if (!to) return;
      if (shared) context.report({ node, messageId: 'sharedImportsArea', data: { to, spec } });
      else if (to !== from) context.report({ node, messageId: 'otherArea', data: { from, to, spec } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/** The block eslint.config.js adds at its end. */
export default {
  files: ['server/src/**/*.ts'],
  plugins: { 'server-areas': { rules: { 'no-other-area': serverAreas } } },
  rules: { 'server-areas/no-other-area': 'error' },
};
