/** 'Асанов Бакыт Кубанычбекович' → 'АБ' (avatar fallback). */
export function initials(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => p.charAt(0).toUpperCase())
    .join('');
}

/** 'Асанов Бакыт Кубанычбекович' → 'Асанов Б. К.' (used when the server sends no short name). */
export function shortName(fullName: string): string {
  const [surname, ...rest] = fullName.trim().split(/\s+/).filter(Boolean);
  if (!surname) return '';
  return [surname, ...rest.map((p) => `${p.charAt(0).toUpperCase()}.`)].join(' ');
}
