/** The signed-in person's farms; every farm query starts with ['farms']. */
export const farmKeys = {
  list: ['farms'] as const,
  detail: (farmId: string) => ['farms', farmId] as const,
};
