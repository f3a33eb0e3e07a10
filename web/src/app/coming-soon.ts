/** Areas whose issue is still open: their page says what is coming (spec titles and subtitles). */
export const COMING_SOON: Record<string, { title: string; subtitle: string; promise: string }> = {
  '/challenges': {
    title: 'Challenges',
    subtitle: 'Hit the multiplier, claim the prize.',
    promise: 'Slot multiplier challenges you can claim with screenshots, reviewed by the team.',
  },
  '/contact': {
    title: 'Contact Us',
    subtitle: 'Questions, partnerships or problems: we read everything.',
    promise: 'A contact form for everyone and support tickets for members.',
  },
  '/tickets': { title: 'Support Tickets', subtitle: 'Get help from the team.', promise: 'Open tickets, follow their status and talk to the support team.' },
  '/tickets/create': { title: 'Create Ticket', subtitle: 'Tell us what you need.', promise: 'A ticket form with categories, priorities and screenshots.' },
  '/tickets/:id': { title: 'Ticket', subtitle: 'Your conversation with the team.', promise: 'Replies from the support team, right here.' },
  '/tournaments': { title: 'Tournaments', subtitle: 'Slot brackets and bracket predictions.', promise: 'Slot tournaments with live brackets you can predict.' },
  '/tournaments/:tournamentId': { title: 'Tournament', subtitle: 'The bracket, live.', promise: 'Rounds, matches and everyone’s predictions.' },
};
