// The browser storage key of SPEC §4 "User data", apart from its zod schema so the header that
// clears it at sign-out does not ship a validation library.
export const USER_DATA_KEY = "userData";
