/**
 * The RFI reference group, shared by the method's unit test (rfi-method.test.ts) and the API test
 * that stores it as records (app/api/rfi/rfi.test.ts). The figures were computed independently with
 * NumPy 2.4.6 (Python 3 on this machine): ADG = np.polyfit(days, weights, 1) slope, mid-test weight =
 * intercept + slope·35 (a 71-day test, days 0–70), MMW = mid^0.75, then b = np.linalg.lstsq([1, MMW,
 * ADG], DMI) over the 12 animals with complete data and RFI = DMI − X·b; SD with ddof=1. The script
 * is docs/rfi-reference.py. A13 has 2 weighings (no ADG), A14 no intake (no RFI).
 */

/** Test days of the weighings. */
const QUARTERS = [0, 21, 49, 70]
const FORTNIGHTS = [0, 14, 28, 42, 56, 70]
const ENDS = [0, 70]

/** Each animal's weighings (test day, kg) and its average DMI (kg/day; null: no intake recorded). */
export const REFERENCE_GROUP: { tag: string; days: number[]; weights: number[]; dmi: number | null }[] = [
  { tag: 'A01', days: QUARTERS, weights: [304.1, 329.1, 367.0, 377.1], dmi: 11.406 },
  { tag: 'A02', days: FORTNIGHTS, weights: [344.2, 362.1, 378.2, 395.2, 403.3, 419.3], dmi: 11.188 },
  { tag: 'A03', days: FORTNIGHTS, weights: [309.1, 326.0, 342.0, 349.7, 372.0, 382.1], dmi: 10.67 },
  { tag: 'A04', days: QUARTERS, weights: [313.7, 342.6, 386.5, 430.9], dmi: 9.65 },
  { tag: 'A05', days: FORTNIGHTS, weights: [279.5, 314.7, 328.9, 345.9, 368.6, 393.5], dmi: 10.635 },
  { tag: 'A06', days: FORTNIGHTS, weights: [287.2, 311.3, 335.8, 355.6, 382.3, 406.3], dmi: 10.741 },
  { tag: 'A07', days: QUARTERS, weights: [338.1, 374.3, 410.5, 451.0], dmi: 9.667 },
  { tag: 'A08', days: FORTNIGHTS, weights: [334.8, 343.5, 365.1, 387.7, 403.6, 421.3], dmi: 10.638 },
  { tag: 'A09', days: FORTNIGHTS, weights: [346.2, 367.8, 378.6, 399.4, 411.7, 427.9], dmi: 10.766 },
  { tag: 'A10', days: QUARTERS, weights: [342.9, 370.2, 421.5, 453.7], dmi: 9.192 },
  { tag: 'A11', days: FORTNIGHTS, weights: [345.5, 353.9, 391.3, 406.1, 418.7, 451.0], dmi: 8.447 },
  { tag: 'A12', days: FORTNIGHTS, weights: [308.6, 319.2, 333.6, 347.3, 365.8, 369.9], dmi: 11.399 },
  { tag: 'A13', days: ENDS, weights: [283.4, 358.3], dmi: 9.539 },
  { tag: 'A14', days: FORTNIGHTS, weights: [362.8, 382.3, 399.8, 422.3, 434.5, 456.3], dmi: null },
]

export const NUMPY = {
  coefficients: [22.511220451140048, -0.11537927951505564, -1.822522238955282],
  adg: {
    A01: 1.0857142857142883,
    A02: 1.0532653061224484,
    A03: 1.0422448979591836,
    A04: 1.659605911330052,
    A05: 1.5279591836734694,
    A06: 1.690408163265306,
    A07: 1.5687192118226632,
    A08: 1.2967346938775501,
    A09: 1.144897959183672,
    A10: 1.6172413793103475,
    A11: 1.5034693877551006,
    A12: 0.9387755102040811,
    A14: 1.3195918367346942,
  },
  mmw: {
    A01: 79.93305597931544,
    A02: 86.69778406130257,
    A03: 80.36648424450529,
    A04: 84.09338203996678,
    A05: 78.91963024666768,
    A06: 80.29695637818753,
    A07: 88.34619673032665,
    A08: 85.38682864209304,
    A09: 87.52398785509182,
    A10: 88.95173193376415,
    A11: 88.50472231560566,
    A12: 79.30689857602171,
    A14: 91.059019814201,
  },
  rfi: {
    A01: 0.09613638805571867,
    A02: 0.5995068533331214,
    A03: -0.6690788968826666,
    A04: -0.1339179380836928,
    A05: 0.01420921877591752,
    A06: 0.5751909934896524,
    A07: 0.20812572572361177,
    A08: 0.34197813527686804,
    A09: 0.4398361998116851,
    A10: -0.10857532945415116,
    A11: -1.112502961913247,
    A12: -0.2509083881315419,
  },
  sd: 0.5073483243683172,
}
