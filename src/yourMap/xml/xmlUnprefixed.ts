// Some programs write KML with its namespace under a prefix (`<ns2:kml xmlns:ns2="…">`, as the
// Java API for KML does, or `<kml:kml>`). @tmcw/togeojson finds elements by their written names
// (`Placemark`, `Point`), so it would find none and the file would import nothing. Such a file is
// copied with the root's prefix taken off its own elements first; elements of other namespaces
// (`gx:Track`) keep their names.

/** Google's extensions to KML: `gx:Track`, `gx:coord`. */
const GX = 'http://www.google.com/kml/ext/2.2';

/** The document as the converter reads it: itself where its root has no prefix. */
export function unprefixed(doc: Document): Document {
  const root = doc.documentElement;
  if (!root?.prefix) return doc;
  const { prefix, namespaceURI } = root;
  const copy = doc.implementation.createDocument(null, '', null);
  // Copied without recursion, so that however deep the file nests, the stack does not run out.
  const pending: [from: Node, into: Node][] = [[root, copy]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [from, into] = next;
    const made = copyOf(from, copy, prefix, namespaceURI);
    if (!made) continue;
    into.appendChild(made);
    // Last child first, so that the first is copied first; one at a time, as a file may hold
    // more children than a call takes arguments.
    for (let child = from.lastChild; child; child = child.previousSibling)
      pending.push([child, made]);
  }
  return copy;
}

function copyOf(
  from: Node,
  doc: Document,
  prefix: string,
  namespaceURI: string | null,
): Node | null {
  switch (from.nodeType) {
    case 1: {
      const element = from as Element;
      // KML's own elements by their local names; Google's extensions as `gx:` whatever prefix the
      // file gave them (the Java API for KML writes `ns3:Track`), which is how the converter
      // finds them; any other namespace's as written.
      const made =
        element.namespaceURI === namespaceURI
          ? doc.createElement(element.localName)
          : element.namespaceURI === GX
            ? doc.createElementNS(GX, `gx:${element.localName}`)
            : doc.createElementNS(element.namespaceURI, element.tagName);
      for (let i = 0; i < element.attributes.length; i++) {
        const attribute = element.attributes.item(i);
        if (attribute && attribute.name !== `xmlns:${prefix}`)
          made.setAttribute(attribute.name, attribute.value);
      }
      return made;
    }
    case 3:
      return doc.createTextNode(from.nodeValue ?? '');
    case 4:
      // A description in CDATA is read as HTML: kept as CDATA.
      return doc.createCDATASection(from.nodeValue ?? '');
    default:
      return null;
  }
}
