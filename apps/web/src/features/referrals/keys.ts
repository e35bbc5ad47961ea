/** Invite a farmer: the person's own link (not a farm's), and who joined through it. */
export const referralKeys = {
  all: ['referrals'] as const,
  mine: () => ['referrals', 'mine'] as const,
};

export const referralPaths = { mine: '/api/referrals' };
