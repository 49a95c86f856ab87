/**
 * An e-mail address cut where a line may end and still read as an address: after the '@' and
 * before each '.', the way style guides break addresses (the dot then starts the next line, so
 * no line ends looking like a full stop). "ivy@example.com" → ["ivy@", "example", ".com"].
 */
export function emailPieces(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/).filter((piece) => piece !== '');
}
