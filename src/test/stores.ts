/** Stores made by a test, stopped after it (kept free of app imports so setup loads no app code). */
const tasks: Array<{ cancel: () => void }> = [];

export function trackSagaTask(task: { cancel: () => void }): void {
  tasks.push(task);
}

export function stopStores(): void {
  while (tasks.length) tasks.pop()?.cancel();
}
