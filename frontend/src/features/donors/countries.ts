/** ISO 3166-1 alpha-2 codes (the same list the API accepts); names come from Intl. */
const ISO_CODES = `
  AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
  BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE
  EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM
  HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC
  LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA
  NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
  SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO
  TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
`
  .trim()
  .split(/\s+/);

/** Spec §3: United Kingdom and United States first, as "Mostly Used". */
export const MOSTLY_USED = ['GB', 'US'] as const;
export const UK = 'GB';

export interface Country {
  code: string;
  name: string;
}

function namer(locale: string): (code: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale === 'es' ? 'es-ES' : 'en-GB'], { type: 'region' });
  } catch {
    names = null;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      // A browser whose ICU data lacks a region answers RangeError: show the code.
      return code;
    }
  };
}

/** The full list in the user's language: the mostly used ones, then the rest by name. */
export function countryGroups(locale: string): { mostlyUsed: Country[]; others: Country[] } {
  const name = namer(locale);
  const mostlyUsed = MOSTLY_USED.map((code) => ({ code, name: name(code) }));
  const others = ISO_CODES.filter((code) => !(MOSTLY_USED as readonly string[]).includes(code))
    .map((code) => ({ code, name: name(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return { mostlyUsed, others };
}

export function countryName(code: string | null | undefined, locale: string): string {
  return code ? namer(locale)(code) : '';
}

export const COUNTRY_COUNT = ISO_CODES.length;
