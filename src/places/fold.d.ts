/**
 * Folds a place name, or a query, for matching that ignores case, diacritics and punctuation
 * (see fold.js): "São Paulo" → "sao paulo", "Łódź" → "lodz", "Saint-Étienne" → "saint etienne".
 */
export declare function foldName(name: string): string;
