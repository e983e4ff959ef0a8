// Query-key factories: one per feature resource, so mutations invalidate exactly the lists and
// details they change (`invalidateQueries({ queryKey: userKeys.lists() })`).
export function createQueryKeys<const Scope extends string>(scope: Scope) {
  return {
    all: [scope] as const,
    lists: () => [scope, 'list'] as const,
    list: <P extends object>(params: P) => [scope, 'list', params] as const,
    details: () => [scope, 'detail'] as const,
    detail: (id: string) => [scope, 'detail', id] as const,
  };
}
