/**
 * Avatar pictures for the demo people: the initials on a soft gradient whose colour comes from the
 * name (the same person always gets the same picture). SVG, small, safe to show in <img>.
 */
import { hashText } from './prng';

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** An SVG avatar (256×256) with the initials of surname and name. */
export function avatarSvg(surname: string, name: string): Buffer {
  const hash = hashText(`${surname} ${name}`);
  const hue = hash % 360;
  const top = hslToHex(hue, 0.55, 0.58);
  const bottom = hslToHex((hue + 25) % 360, 0.6, 0.4);
  const initials = escapeXml(`${surname.charAt(0)}${name.charAt(0)}`.toUpperCase());
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
    `<rect width="256" height="256" fill="url(#g)"/>` +
    `<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="'Segoe UI', Roboto, Arial, sans-serif" ` +
    `font-size="104" font-weight="600" letter-spacing="2" fill="#ffffff">${initials}</text></svg>`;
  return Buffer.from(svg, 'utf8');
}
