/**
 * The single window's reference lists (document types, Kyrgyzstan's regions with their districts,
 * purposes) in three languages, the registrar flag of the demo teacher (his faculty's orders), and
 * side-menu links of entries served by other services.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { menuLinks, swDistricts, swDocTypes, swPurposes, swRegions, users } from '../schema';
import { DEMO_TEACHER, type Names } from './data';

const named = ([ru, kg, en]: Names) => ({ nameRu: ru, nameKg: kg, nameEn: en });

const DOC_TYPES: ReadonlyArray<{ kind: string; names: Names }> = [
  { kind: 'study', names: ['Справка с места учёбы', 'Окуган жеринен маалымкат', 'Certificate of study'] },
  { kind: 'academic', names: ['Академическая справка', 'Академиялык маалымкат', 'Academic certificate'] },
  { kind: 'military', names: ['Справка для военкомата', 'Аскер комиссариаты үчүн маалымкат', 'Certificate for the military registration office'] },
  { kind: 'social', names: ['Справка для Социального фонда', 'Социалдык фонд үчүн маалымкат', 'Certificate for the Social Fund'] },
  { kind: 'enrolment', names: ['Выписка из приказа о зачислении', 'Окууга кабыл алуу буйругунан көчүрмө', 'Extract from the enrolment order'] },
];

const PURPOSES: readonly Names[] = [
  ['По месту требования', 'Талап кылынган жерге', 'Wherever required'],
  ['Социальный фонд', 'Социалдык фонд', 'Social Fund'],
  ['Военный комиссариат', 'Аскер комиссариаты', 'Military registration office'],
  ['Посольство (для визы)', 'Элчилик (виза үчүн)', 'Embassy (for a visa)'],
  ['Банк', 'Банк', 'Bank'],
  ['По месту работы родителей', 'Ата-эненин иштеген жерине', "Parents' employer"],
];

/** District names: [ru adjective stem + 'ский район', kg name + ' району', en name + ' District']. */
const d = (ru: string, kg: string, en: string): Names => [`${ru} район`, `${kg} району`, `${en} District`];

const REGIONS: ReadonlyArray<{ names: Names; districts: readonly Names[] }> = [
  {
    names: ['Баткенская область', 'Баткен облусу', 'Batken Region'],
    districts: [d('Баткенский', 'Баткен', 'Batken'), d('Кадамжайский', 'Кадамжай', 'Kadamjay'), d('Лейлекский', 'Лейлек', 'Leilek')],
  },
  {
    names: ['Джалал-Абадская область', 'Жалал-Абад облусу', 'Jalal-Abad Region'],
    districts: [
      d('Аксыйский', 'Аксы', 'Aksy'),
      d('Ала-Букинский', 'Ала-Бука', 'Ala-Buka'),
      d('Базар-Коргонский', 'Базар-Коргон', 'Bazar-Korgon'),
      d('Ноокенский', 'Ноокен', 'Nooken'),
      d('Сузакский', 'Сузак', 'Suzak'),
      d('Тогуз-Тороуский', 'Тогуз-Торо', 'Toguz-Toro'),
      d('Токтогульский', 'Токтогул', 'Toktogul'),
      d('Чаткальский', 'Чаткал', 'Chatkal'),
    ],
  },
  {
    names: ['Иссык-Кульская область', 'Ысык-Көл облусу', 'Issyk-Kul Region'],
    districts: [
      d('Ак-Суйский', 'Ак-Суу', 'Ak-Suu'),
      d('Джети-Огузский', 'Жети-Өгүз', 'Jeti-Oguz'),
      d('Иссык-Кульский', 'Ысык-Көл', 'Issyk-Kul'),
      d('Тонский', 'Тоң', 'Ton'),
      d('Тюпский', 'Түп', 'Tup'),
    ],
  },
  {
    names: ['Нарынская область', 'Нарын облусу', 'Naryn Region'],
    districts: [
      d('Ак-Талинский', 'Ак-Талаа', 'Ak-Talaa'),
      d('Ат-Башинский', 'Ат-Башы', 'At-Bashy'),
      d('Джумгальский', 'Жумгал', 'Jumgal'),
      d('Кочкорский', 'Кочкор', 'Kochkor'),
      d('Нарынский', 'Нарын', 'Naryn'),
    ],
  },
  {
    names: ['Ошская область', 'Ош облусу', 'Osh Region'],
    districts: [
      d('Алайский', 'Алай', 'Alay'),
      d('Араванский', 'Араван', 'Aravan'),
      d('Кара-Кульджинский', 'Кара-Кулжа', 'Kara-Kulja'),
      d('Кара-Сууский', 'Кара-Суу', 'Kara-Suu'),
      d('Ноокатский', 'Ноокат', 'Nookat'),
      d('Узгенский', 'Өзгөн', 'Uzgen'),
      d('Чон-Алайский', 'Чоң-Алай', 'Chong-Alay'),
    ],
  },
  {
    names: ['Таласская область', 'Талас облусу', 'Talas Region'],
    districts: [
      d('Бакай-Атинский', 'Бакай-Ата', 'Bakay-Ata'),
      d('Кара-Бууринский', 'Кара-Буура', 'Kara-Buura'),
      d('Манасский', 'Манас', 'Manas'),
      d('Таласский', 'Талас', 'Talas'),
    ],
  },
  {
    names: ['Чуйская область', 'Чүй облусу', 'Chuy Region'],
    districts: [
      d('Аламудунский', 'Аламүдүн', 'Alamudun'),
      d('Жайылский', 'Жайыл', 'Jayil'),
      d('Иссык-Атинский', 'Ысык-Ата', 'Issyk-Ata'),
      d('Кеминский', 'Кемин', 'Kemin'),
      d('Московский', 'Москва', 'Moskva'),
      d('Панфиловский', 'Панфилов', 'Panfilov'),
      d('Сокулукский', 'Сокулук', 'Sokuluk'),
      d('Чуйский', 'Чүй', 'Chuy'),
    ],
  },
  {
    names: ['город Бишкек', 'Бишкек шаары', 'Bishkek City'],
    districts: [
      d('Ленинский', 'Ленин', 'Leninsky'),
      d('Октябрьский', 'Октябрь', 'Oktyabrsky'),
      d('Первомайский', 'Первомай', 'Pervomaysky'),
      d('Свердловский', 'Свердлов', 'Sverdlovsky'),
    ],
  },
  { names: ['город Ош', 'Ош шаары', 'Osh City'], districts: [['город Ош', 'Ош шаары', 'Osh City']] },
];

/** Side-menu entries another service of the university serves (only links that work). */
const MORE_MENU_LINKS = [
  { key: 'documents', url: 'https://drive.google.com/', roles: [1, 2] },
  { key: 'questionnaire', url: 'https://docs.google.com/forms/', roles: [1, 2] },
  { key: 'rooms', url: 'https://calendar.google.com/', roles: [1] },
];

/** The single window's lists (documents, purposes, regions and districts): every portal needs them (the empty one too, ./empty.ts). */
export async function seedSingleWindowLists(db: Db): Promise<void> {
  await db.insert(swDocTypes).values(DOC_TYPES.map((t, i) => ({ kind: t.kind, ...named(t.names), sort: i + 1 })));
  await db.insert(swPurposes).values(PURPOSES.map((p, i) => ({ ...named(p), sort: i + 1 })));
  for (const [i, region] of REGIONS.entries()) {
    const [row] = await db
      .insert(swRegions)
      .values({ ...named(region.names), sort: i + 1 })
      .returning({ id: swRegions.id });
    await db.insert(swDistricts).values(region.districts.map((n) => ({ regionId: row.id, ...named(n) })));
  }
}

export async function seedSingleWindow(db: Db): Promise<void> {
  await seedSingleWindowLists(db);
  await db.update(users).set({ registrar: true }).where(eq(users.login, DEMO_TEACHER.login));
  await db.insert(menuLinks).values(MORE_MENU_LINKS).onConflictDoNothing();
}
