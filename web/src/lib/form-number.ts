/** A number field's text as the API wants it: a number, or NaN so the server names the problem. */
export const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
