/** How people's names are written. */

export interface PersonNameParts {
  surname: string;
  name: string;
  patronymic: string | null;
}

/** 'Асанов Бакыт Кубанычбекович' */
export function fullName(p: PersonNameParts): string {
  return [p.surname, p.name, p.patronymic].filter(Boolean).join(' ');
}

/** 'Асанов Б. К.' (surname and initials). */
export function shortName(p: PersonNameParts): string {
  const initials = [p.name, p.patronymic].filter((x): x is string => Boolean(x)).map((x) => `${x[0]}.`);
  return [p.surname, ...initials].join(' ');
}
