/** The test form's values and their conversion to and from the contract's settings. */
import type { Test, TestingDiscipline, TestSaveBody, TestShow } from '@contract/testing';

export interface TestValues {
  title: string;
  /** "group:subgroup" keys (subgroup 0: the whole group). */
  targets: string[];
  /** "category:count" a line of the draw, as chosen in the rule fields. */
  rules: { id_category: string; count: string }[];
  shuffleAnswers: boolean;
  timeLimit: string;
  opensAt: string;
  closesAt: string;
  attempts: string;
  counts: 'best' | 'last';
  showScore: TestShow;
  showAnswers: TestShow;
  password: string;
  networks: string;
}

const local = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

export function testValues(test: Test | null): TestValues {
  const now = Date.now();
  return {
    title: test?.title ?? '',
    targets: test?.targets.map((x) => `${x.id_group}:${x.id_subgroup ?? 0}`) ?? [],
    rules: test?.rules.map((r) => ({ id_category: String(r.id_category), count: String(r.count) })) ?? [{ id_category: '', count: '5' }],
    shuffleAnswers: test?.shuffleAnswers ?? true,
    timeLimit: test?.timeLimit ? String(test.timeLimit) : '',
    opensAt: local(test?.opensAt ?? new Date(now).toISOString()),
    closesAt: local(test?.closesAt ?? new Date(now + 7 * 86_400_000).toISOString()),
    attempts: String(test?.attempts ?? 1),
    counts: test?.counts ?? 'best',
    showScore: test?.showScore ?? 'submit',
    showAnswers: test?.showAnswers ?? 'close',
    password: test?.password ?? '',
    networks: test?.networks.join('\n') ?? '',
  };
}

export function testBody(v: TestValues, discipline: number, id?: number): TestSaveBody {
  return {
    ...(id ? { id } : {}),
    id_discipline: discipline,
    title: v.title.trim(),
    targets: v.targets.map((k) => {
      const [g, s] = k.split(':').map(Number);
      return { id_group: g!, id_subgroup: s ? s : null };
    }),
    rules: v.rules.map((r) => ({ id_category: Number(r.id_category), count: Number(r.count) })),
    shuffleAnswers: v.shuffleAnswers,
    timeLimit: v.timeLimit.trim() ? Number(v.timeLimit) : null,
    opensAt: new Date(v.opensAt).toISOString(),
    closesAt: new Date(v.closesAt).toISOString(),
    attempts: Number(v.attempts),
    counts: v.counts,
    showScore: v.showScore,
    showAnswers: v.showAnswers,
    password: v.password.trim() ? v.password.trim() : null,
    networks: v.networks
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  };
}

/** The groups and subgroups of the discipline as target choices. */
export function targetChoices(d: TestingDiscipline | undefined): { key: string; name: string }[] {
  return (d?.groups ?? []).flatMap((g) => [
    { key: `${g.id}:0`, name: g.name },
    ...g.subgroups.map((s) => ({ key: `${g.id}:${s.id}`, name: `${g.name} · ${s.name}` })),
  ]);
}
