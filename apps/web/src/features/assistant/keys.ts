/** Every assistant query of a farm starts with ['assistant', farmId]. */
export const assistantKeys = {
  all: (farmId: string) => ['assistant', farmId] as const,
  conversations: (farmId: string) => ['assistant', farmId, 'conversations'] as const,
  conversation: (farmId: string, id: string) => ['assistant', farmId, 'conversation', id] as const,
};

export const assistantApiPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}/assistant`;
export const conversationPath = (farmId: string, id: string) =>
  `${assistantApiPath(farmId)}/conversations/${encodeURIComponent(id)}`;
