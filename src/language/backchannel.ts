export function isBackchannel(_t: string): boolean { return false; }
