/**
 * Vite plugin: what the first paint of index.html needs travels inside index.html, so the browser
 * can paint the splash as soon as the page itself has arrived, without waiting for other requests
 * (which queue behind the scripts on a slow connection):
 *
 * - the entry's stylesheet (the design tokens and base styles, a few KB) becomes a <style> element
 *   (the Content-Security-Policy allows inline styles, not inline scripts);
 * - an <img data-inline src="..."> or <link data-inline href="..."> of a public SVG file (the splash
 *   logo, the icon) gets the file as a data: URL: no request of its own, and the same logo twice in
 *   the page costs next to nothing once compressed;
 * - a <script data-inline src="..."> of a public script (public/theme.js, which runs before the
 *   splash is painted) becomes an inline script: the page is not held up by one more request before
 *   its first paint. The server allows exactly the inline scripts of the built index.html by their
 *   hashes in its Content-Security-Policy (server/src/plugins/security.ts, inlineScriptHashes).
 *
 * Build only; the dev server keeps the plain links.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export function inlineFirstPaint(): Plugin {
  let base = '/';
  let publicDir = '';
  return {
    name: 'lms:inline-first-paint',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const withStyles = html.replace(/<link rel="stylesheet"[^>]*?href="([^"]+\.css)"[^>]*>/g, (tag, href: string) => {
          const asset = href.startsWith(base) ? bundle[href.slice(base.length)] : undefined;
          if (!asset || asset.type !== 'asset') return tag;
          const css = String(asset.source);
          // A '</style' inside the CSS would end the element early; such CSS stays a link. The lazy
          // chunks' loader (Vite's preload helper) then adds the same file as a <link> after their own
          // styles: the entry's rules that override a library's (the toasts' place under the header,
          // src/app/components.css) rely on coming after it, so that second copy stays.
          return /<\/style/i.test(css) ? tag : `<style>${css}</style>`;
        });
        // A public SVG as a data: URL, or null when the file is not one.
        const dataUrl = (src: string): string | null => {
          const file = path.join(publicDir, src.startsWith(base) ? src.slice(base.length) : src.replace(/^\//, ''));
          if (!src.endsWith('.svg') || !fs.existsSync(file)) return null;
          const svg = fs
            .readFileSync(file, 'utf8')
            .replace(/\s*\n\s*/g, ' ')
            .trim();
          const uri = `data:image/svg+xml,${encodeURIComponent(svg).replace(/%20/g, ' ').replace(/%3D/g, '=').replace(/%3A/g, ':').replace(/%2F/g, '/').replace(/%22/g, "'")}`;
          return uri.replace(/"/g, '&quot;');
        };
        return withStyles
          .replace(/<script\b[^>]*?\sdata-inline\b[^>]*?\ssrc="([^"]+\.js)"[^>]*>\s*<\/script>/g, (tag, src: string) => {
            const file = path.join(publicDir, src.startsWith(base) ? src.slice(base.length) : src.replace(/^\//, ''));
            if (!fs.existsSync(file)) return tag;
            const js = fs.readFileSync(file, 'utf8').trim();
            // A '</script' inside would end the element early; such a script stays a link.
            return /<\/script/i.test(js) ? tag : `<script>${js}</script>`;
          })
          .replace(/<img\b([^>]*?)\sdata-inline\b([^>]*?)\ssrc="([^"]+)"/g, (tag, before: string, after: string, src: string) => {
            const uri = dataUrl(src);
            return uri ? `<img${before}${after} src="${uri}"` : tag;
          })
          .replace(/<link\b([^>]*?)\sdata-inline\b([^>]*?)\shref="([^"]+)"/g, (tag, before: string, after: string, href: string) => {
            const uri = dataUrl(href);
            return uri ? `<link${before}${after} href="${uri}"` : tag;
          });
      },
    },
  };
}
