export declare const DEBIAN_CHROMIUM: "/usr/bin/chromium";
export declare function chromePath(): string;
export declare function chromeFound(): boolean;
