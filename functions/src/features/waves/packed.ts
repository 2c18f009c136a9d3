/**
 * When each person of a move said 'I've packed' (personId → ISO time). The record of it is the
 * person-facing part's (issue 48's 'packed', built beside this feature); until it is wired in here no
 * one has packed, and the 'today' view reads every `packedAt` as null.
 */
export async function packedAtOf(_moveId: string): Promise<Map<string, string>> {
  return new Map();
}
