/** 12840 → "12,840". */
export const formatCount = (n: number) => n.toLocaleString("en-US");
