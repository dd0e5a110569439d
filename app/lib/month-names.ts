// The twelve month names in calendar order (index 0 is January), for every page and e-mail that
// names a month.
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
