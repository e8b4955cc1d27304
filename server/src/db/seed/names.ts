/**
 * Names for the demo university: Kyrgyz, Russian and Uzbek, with the right gender forms
 * (Асанов / Асанова, Бакытович / Бакытовна, Кубанычбек уулу / Кубанычбек кызы).
 */
import type { Prng } from './prng';
import { TO_LATIN } from '../../shared/transliterate';

export type Gender = 'm' | 'f';

export interface PersonName {
  surname: string;
  name: string;
  patronymic: string | null;
  gender: Gender;
  /** Nationality as written in personnel records (Russian), in the person's gender. */
  nationality: string;
}

const KYRGYZ_MALE = [
  'Азамат',
  'Айбек',
  'Бакыт',
  'Бекжан',
  'Нурлан',
  'Эрлан',
  'Талант',
  'Улан',
  'Мирлан',
  'Адилет',
  'Бектур',
  'Жыргалбек',
  'Кубанычбек',
  'Нурсултан',
  'Эмир',
  'Тилек',
  'Санжар',
  'Эрмек',
  'Канат',
  'Дастан',
  'Алмаз',
  'Мелис',
  'Нуржан',
  'Темирлан',
  'Аскар',
  'Бекзат',
  'Данияр',
  'Жоомарт',
  'Иманбек',
  'Калысбек',
  'Максат',
  'Нурбек',
  'Омурбек',
  'Рустам',
  'Самат',
  'Тимур',
  'Чынгыз',
  'Элдияр',
  'Эржан',
  'Актан',
  'Марлен',
  'Кайрат',
  'Байэл',
  'Арсен',
  'Бахтияр',
  'Жанболот',
] as const;

const KYRGYZ_FEMALE = [
  'Айгерим',
  'Айпери',
  'Айжан',
  'Бегимай',
  'Гулнара',
  'Жылдыз',
  'Нургул',
  'Айзада',
  'Асель',
  'Чолпон',
  'Динара',
  'Мээрим',
  'Бермет',
  'Элнура',
  'Каныкей',
  'Назира',
  'Аида',
  'Жибек',
  'Айнура',
  'Сезим',
  'Толгонай',
  'Перизат',
  'Нуриза',
  'Алтынай',
  'Акмээрим',
  'Айдана',
  'Бактыгул',
  'Гулзат',
  'Жанара',
  'Камила',
  'Нурайым',
  'Салтанат',
  'Токтобубу',
  'Урмат',
  'Эльмира',
  'Адина',
  'Асылзат',
  'Байтик',
  'Керимбубу',
  'Элиза',
  'Айсулуу',
  'Медина',
  'Нургиза',
  'Самара',
] as const;

/** Kyrgyz surnames in the male form (-ов/-ев); the female form adds 'а'. */
const KYRGYZ_SURNAMES = [
  'Асанов',
  'Усенов',
  'Токтогулов',
  'Бакиев',
  'Жумабеков',
  'Осмонов',
  'Абдыкадыров',
  'Исаков',
  'Мамытов',
  'Сыдыков',
  'Турдубаев',
  'Шаршеналиев',
  'Акматов',
  'Кадыров',
  'Молдоканов',
  'Эсенгулов',
  'Садыров',
  'Бектенов',
  'Орозбеков',
  'Алиев',
  'Джумалиев',
  'Карабаев',
  'Чыныбаев',
  'Жээнбеков',
  'Табалдиев',
  'Болотбеков',
  'Абдыраманов',
  'Рысбеков',
  'Мырзакматов',
  'Сатыбалдиев',
  'Ибраимов',
  'Токтосунов',
  'Эшимбеков',
  'Нурматов',
  'Кененсариев',
  'Беделбаев',
  'Качкынбаев',
  'Омурзаков',
  'Суранчиев',
  'Тагаев',
  'Жолдошев',
  'Мамбетов',
  'Кулматов',
  'Айтматов',
  'Байжигитов',
  'Дуйшеналиев',
  'Сагынбаев',
  'Тойчуев',
  'Уметалиев',
  'Шамшиев',
] as const;

/** Fathers' names: patronymics (Бакыт → Бакытович / Бакытовна) and 'уулу' / 'кызы' surnames. */
const KYRGYZ_FATHERS = [
  'Бакыт',
  'Нурлан',
  'Азамат',
  'Кубанычбек',
  'Эрлан',
  'Талант',
  'Алмаз',
  'Канат',
  'Марат',
  'Руслан',
  'Тимур',
  'Султан',
  'Бектур',
  'Жолдош',
  'Асылбек',
  'Мирбек',
  'Токтосун',
  'Самат',
  'Замир',
  'Улан',
  'Эркин',
  'Айбек',
  'Жыргалбек',
  'Мелис',
  'Нурбек',
  'Омурбек',
  'Темир',
  'Шайлообек',
  'Медер',
  'Курманбек',
] as const;

const RUSSIAN_MALE = [
  'Александр',
  'Дмитрий',
  'Сергей',
  'Андрей',
  'Алексей',
  'Максим',
  'Иван',
  'Николай',
  'Владимир',
  'Евгений',
  'Михаил',
  'Артём',
  'Павел',
  'Олег',
  'Игорь',
  'Кирилл',
  'Роман',
  'Денис',
  'Виктор',
  'Антон',
] as const;

const RUSSIAN_FEMALE = [
  'Анна',
  'Екатерина',
  'Елена',
  'Ольга',
  'Наталья',
  'Татьяна',
  'Ирина',
  'Мария',
  'Светлана',
  'Юлия',
  'Дарья',
  'Анастасия',
  'Виктория',
  'Ксения',
  'Полина',
  'Алина',
  'Валерия',
  'Людмила',
] as const;

const RUSSIAN_SURNAMES = [
  'Иванов',
  'Смирнов',
  'Кузнецов',
  'Попов',
  'Васильев',
  'Петров',
  'Соколов',
  'Михайлов',
  'Новиков',
  'Фёдоров',
  'Морозов',
  'Волков',
  'Алексеев',
  'Лебедев',
  'Семёнов',
  'Егоров',
  'Павлов',
  'Козлов',
  'Степанов',
  'Николаев',
  'Орлов',
  'Андреев',
  'Макаров',
  'Никитин',
  'Захаров',
  'Белов',
  'Тарасов',
  'Гончаров',
  'Ильин',
  'Ковалёв',
] as const;

/** [male, female] patronymics of Russian fathers' names. */
const RUSSIAN_PATRONYMICS: ReadonlyArray<readonly [string, string]> = [
  ['Александрович', 'Александровна'],
  ['Дмитриевич', 'Дмитриевна'],
  ['Сергеевич', 'Сергеевна'],
  ['Андреевич', 'Андреевна'],
  ['Алексеевич', 'Алексеевна'],
  ['Иванович', 'Ивановна'],
  ['Николаевич', 'Николаевна'],
  ['Владимирович', 'Владимировна'],
  ['Михайлович', 'Михайловна'],
  ['Петрович', 'Петровна'],
  ['Викторович', 'Викторовна'],
  ['Юрьевич', 'Юрьевна'],
  ['Анатольевич', 'Анатольевна'],
  ['Геннадьевич', 'Геннадьевна'],
  ['Олегович', 'Олеговна'],
  ['Евгеньевич', 'Евгеньевна'],
];

const UZBEK_MALE = ['Шерзод', 'Бобур', 'Жасур', 'Улугбек', 'Фаррух', 'Азиз', 'Рустам', 'Дильшод', 'Отабек', 'Санжар'] as const;
const UZBEK_FEMALE = ['Дилноза', 'Нилуфар', 'Гульноза', 'Шахноза', 'Мадина', 'Зарина', 'Феруза', 'Мохира', 'Севара'] as const;
const UZBEK_SURNAMES = ['Юсупов', 'Рахимов', 'Каримов', 'Ахмедов', 'Усмонов', 'Турсунов', 'Мирзаев', 'Хасанов', 'Абдуллаев', 'Исмоилов'] as const;
const UZBEK_FATHERS = ['Рахим', 'Карим', 'Ахмед', 'Тахир', 'Анвар', 'Ильхом', 'Бахтиёр', 'Шухрат', 'Равшан'] as const;

const NATIONALITY = {
  kyrgyz: { m: 'кыргыз', f: 'кыргызка' },
  russian: { m: 'русский', f: 'русская' },
  uzbek: { m: 'узбек', f: 'узбечка' },
} as const;

/** Female form of a surname ending in -ов/-ев/-ёв/-ин: Асанов → Асанова. */
export function femaleSurname(male: string): string {
  return /(ов|ев|ёв|ин)$/.test(male) ? `${male}а` : male;
}

/** Patronymic from a father's name ending in a consonant: Бакыт → Бакытович / Бакытовна. */
export function patronymicOf(father: string, gender: Gender): string {
  return `${father}${gender === 'm' ? 'ович' : 'овна'}`;
}

/** A person's name: mostly Kyrgyz (some with 'уулу'/'кызы' instead of a surname), some Russian and Uzbek. */
export function randomPerson(prng: Prng, gender: Gender): PersonName {
  const roll = prng.next();
  if (roll < 0.76) {
    const name = prng.pick(gender === 'm' ? KYRGYZ_MALE : KYRGYZ_FEMALE);
    const father = prng.pick(KYRGYZ_FATHERS);
    const nationality = NATIONALITY.kyrgyz[gender];
    if (prng.chance(0.18)) return { surname: `${father} ${gender === 'm' ? 'уулу' : 'кызы'}`, name, patronymic: null, gender, nationality };
    const male = prng.pick(KYRGYZ_SURNAMES);
    return { surname: gender === 'm' ? male : femaleSurname(male), name, patronymic: patronymicOf(father, gender), gender, nationality };
  }
  if (roll < 0.9) {
    const male = prng.pick(RUSSIAN_SURNAMES);
    const [pm, pf] = prng.pick(RUSSIAN_PATRONYMICS);
    return {
      surname: gender === 'm' ? male : femaleSurname(male),
      name: prng.pick(gender === 'm' ? RUSSIAN_MALE : RUSSIAN_FEMALE),
      patronymic: gender === 'm' ? pm : pf,
      gender,
      nationality: NATIONALITY.russian[gender],
    };
  }
  const male = prng.pick(UZBEK_SURNAMES);
  return {
    surname: gender === 'm' ? male : femaleSurname(male),
    name: prng.pick(gender === 'm' ? UZBEK_MALE : UZBEK_FEMALE),
    patronymic: patronymicOf(prng.pick(UZBEK_FATHERS), gender),
    gender,
    nationality: NATIONALITY.uzbek[gender],
  };
}

/** The search's Cyrillic-to-Latin letters, with ё and й spelt as names are in logins. */
const TRANSLIT: Record<string, string> = { ...TO_LATIN, ё: 'yo', й: 'y' };

/** Latin letters for logins and e-mail addresses: 'Жээнбеков' → 'zheenbekov'. */
export function transliterate(text: string): string {
  return [...text.toLowerCase()].map((c) => TRANSLIT[c] ?? (/[a-z0-9]/.test(c) ? c : '')).join('');
}
