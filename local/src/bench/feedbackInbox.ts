/**
 * The feedback inbox with 2,000 items on one move: how long the API takes for the first page, a filtered
 * page and the last page (issue 13: the inbox stays usable; filtering and paging happen on the server).
 */
export async function measureFeedbackInbox(options: { apiOrigin: string; token: string; moveId: string; items: number }) {
  const headers = { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json' };
  const base = `${options.apiOrigin}/api/v1/moves/${options.moveId}/feedback`;
  const types = ['question', 'feedback', 'error'] as const;
  let next = 0;
  const worker = async () => {
    while (next < options.items) {
      const i = next++;
      const response = await fetch(base, {
        method: 'POST',
        headers,
        body: JSON.stringify({ feedbackType: types[i % 3], question: `Bench question ${i}`, email: `bench${i}@client-a.test` }),
      });
      if (response.status !== 201) throw new Error(`creating feedback: ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));

  const median = async (query: string) => {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      const response = await fetch(`${base}${query}`, { headers: { Authorization: headers.Authorization } });
      if (!response.ok) throw new Error(`reading feedback: ${response.status} ${await response.text()}`);
      await response.json();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[7]!;
  };
  const last = Math.ceil(options.items / 25);
  return {
    firstPage: await median(''),
    filtered: await median('?type=error&status=pending'),
    lastPage: await median(`?page=${last}`),
  };
}
