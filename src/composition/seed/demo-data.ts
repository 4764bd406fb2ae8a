// The demo business of PRODUCT.md §14: a London mobile detailing company. Plain data, no I/O.

// The demo logins are public (README, the sign-in page). Their scrypt hashes are stored precomputed: hashing
// two passwords costs over a second of the seed's 5-second budget; seed.integration.test.ts verifies them.
export const DEMO_ADMIN = {
  email: "admin@forecourt.test",
  password: "Forecourt-admin-2026",
  passwordHash:
    "3e58b6f11e4a8bda1dc418e97444a1d5:c2a6339247fb31fd07fa39543e64953914fe7a75ca7e310df874691682ec52665df660c2d9ac16f9663a83c7704d48c6a6026ed3cb5b42d1a51346b5a7237428",
  name: "Morgan Reid",
} as const;
export const DEMO_CUSTOMER = {
  email: "customer@forecourt.test",
  password: "Forecourt-customer-2026",
  passwordHash:
    "db3d89d93ca98209792156fa4c297ae9:d5a797aed28345fe7ca12c30b9562420739f927a46e46f1c4b0f68b19c3f594afe5f713d4376da3917ee4ea34af93189ce226482aafe95a206f35ae68f29299b",
  name: "Priya Shah",
  phone: "07700 900123",
} as const;

/** The demo technician (ADR 0053): works in the first van, signs in to /staff on a phone. */
export const DEMO_STAFF = {
  email: "tech@forecourt.test",
  password: "Forecourt-staff-2026",
  passwordHash:
    "e4c9963655dc012d2ecf12f08b91be5f:ac9a0bf190c3ca94ce14d1ac9d8bfdbacff00494ec8e56c4e3b7cdf54c1d8626c34e56d27358429927e74f9ec906286adb3a86982f183ce33a8bebcd7adb6f33",
  name: "Sam Okafor",
} as const;

/** Customers in the demo's history besides the demo customer (issue 27: about 80 in all). */
export const DEMO_HISTORY_CUSTOMERS = 79;

export const DEMO_SETTINGS = {
  businessName: "Shine Street Detailing",
  legalName: "Shine Street Detailing Ltd",
  contactEmail: "hello@shinestreet.example",
  contactPhone: "020 7946 0123",
  baseAddress: "Unit 4, 12 Coldharbour Lane, London SE5 9NR",
  adminNotificationEmail: "bookings@shinestreet.example",
  paymentMode: "deposit" as const,
  depositPercent: 20,
  // A family's second car or a fleet's vans in one visit (ADR 0050).
  bundleSecondVehiclePercent: 10,
  bundleLaterVehiclePercent: 15,
  bundleMinutesSavedPerExtraVehicle: 15,
  // England and Wales's bank holidays are closed (ADR 0055): 25 December isn't bookable.
  holidayRegion: "GB-ENG",
  // VAT registered (issue 41 §5), so its payments are invoiced and the accountant's exports have rows. A
  // made-up number of HMRC's form that passes its check digits: 2·8+4·7+6·6+8·5+1·4+3·3+5·2 + 51 = 194 = 2·97.
  vatRegistered: true,
  vatNumber: "GB246813551",
};

export const DEMO_TEAMS = [
  { name: "Van A", colour: "#0f766e" },
  { name: "Van B", colour: "#b45309" },
];

const h = (hh: number, mm = 0) => hh * 60 + mm;
// Mon–Fri 08:00–18:00 with a 12:30–13:00 break, Sat 09:00–16:00, Sun closed.
export const DEMO_HOURS: Record<number, [number, number][]> = {
  1: [
    [h(8), h(12, 30)],
    [h(13), h(18)],
  ],
  2: [
    [h(8), h(12, 30)],
    [h(13), h(18)],
  ],
  3: [
    [h(8), h(12, 30)],
    [h(13), h(18)],
  ],
  4: [
    [h(8), h(12, 30)],
    [h(13), h(18)],
  ],
  5: [
    [h(8), h(12, 30)],
    [h(13), h(18)],
  ],
  6: [[h(9), h(16)]],
};

export const DEMO_SIZES = [
  { key: "S", name: "Small", description: "Superminis and city cars", examples: "Fiesta, Polo, Corsa, Mini" },
  {
    key: "M",
    name: "Medium",
    description: "Hatchbacks and small saloons",
    examples: "Golf, Focus, A3, 1 Series",
  },
  {
    key: "L",
    name: "Large",
    description: "Estates, saloons and compact SUVs",
    examples: "Octavia Estate, 3 Series, Qashqai, Model 3",
  },
  {
    key: "XL",
    name: "Extra large / Van",
    description: "Large SUVs, 7-seaters and small vans",
    examples: "Range Rover, X5, Galaxy, Transit Custom",
  },
] as const;

export const DEMO_CATEGORIES = [
  { slug: "wash", name: "Wash", description: "Quick, thorough exterior care at your door." },
  { slug: "valet", name: "Valet", description: "Inside and out, the way it left the showroom." },
  {
    slug: "detailing",
    name: "Detailing",
    description: "Deep cleaning and paint correction for cars that deserve it.",
  },
  {
    slug: "protection",
    name: "Protection",
    description: "Coatings and sealants that keep it looking new for longer.",
  },
] as const;

type SizeKey = (typeof DEMO_SIZES)[number]["key"];
export type DemoService = {
  slug: string;
  name: string;
  category: (typeof DEMO_CATEGORIES)[number]["slug"];
  kind: "package" | "addon";
  short: string;
  long: string;
  // Price (pence) and minutes per size; a missing size is not offered.
  matrix: Partial<Record<SizeKey, [number, number]>>;
  /** False: a short job that is never split by the lunch break (ADR 0054). */
  spansBreaks?: boolean;
  /** A job longer than the day: the vehicle stays with us (a coating cures overnight — ADR 0056). */
  multiDayMode?: "mobile" | "drop_off";
  addonFor?: (typeof DEMO_CATEGORIES)[number]["slug"][];
  /** Months until the customer is reminded to have it done again. */
  intervalMonths?: number;
};

export const DEMO_SERVICES: DemoService[] = [
  {
    slug: "exterior-wash",
    name: "Exterior Wash",
    category: "wash",
    kind: "package",
    short: "Snow foam, two-bucket hand wash, wheels and tyres, dried by hand.",
    long: "A safe **two-bucket** hand wash with pH-neutral snow foam, wheels and arches cleaned, tyres dressed, and a plush microfibre dry.",
    spansBreaks: false,
    matrix: { S: [2500, 45], M: [3000, 45], L: [3500, 60], XL: [4500, 75] },
  },
  {
    slug: "wash-and-vac",
    name: "Wash & Vac",
    category: "wash",
    kind: "package",
    short: "Our exterior wash plus a full interior vacuum and wipe-down.",
    long: "Everything in the Exterior Wash, plus a full vacuum of carpets, seats and boot, and a wipe of dashboard and door cards.",
    spansBreaks: false,
    matrix: { S: [3500, 60], M: [4000, 75], L: [4500, 90], XL: [5500, 105] },
  },
  {
    slug: "mini-valet",
    name: "Mini Valet",
    category: "valet",
    kind: "package",
    short: "A tidy-up inside and out for cars that are looked after.",
    long: "Hand wash and dry, glass inside and out, vacuum, plastics cleaned and dressed, door shuts wiped.",
    spansBreaks: false,
    matrix: { S: [4500, 90], M: [5000, 105], L: [5500, 120], XL: [6500, 135] },
  },
  {
    slug: "full-valet",
    name: "Full Valet",
    category: "valet",
    kind: "package",
    short: "Deep interior clean, upholstery shampoo and a hand-applied wax.",
    long: "Our most popular service: a complete hand wash, decontamination, **hand-applied wax**, upholstery and carpet shampoo, and a full interior detail.",
    matrix: { S: [8500, 180], M: [9500, 195], L: [11000, 210], XL: [12500, 240] },
  },
  {
    slug: "interior-deep-clean",
    name: "Interior Deep Clean",
    category: "detailing",
    kind: "package",
    short: "Hot-water extraction, steam and leather care for a like-new cabin.",
    long: "Hot-water extraction of carpets and fabric, steam cleaning of vents and plastics, leather cleaned and conditioned, odours neutralised.",
    matrix: { S: [12000, 240], M: [13500, 270], L: [15000, 300], XL: [17500, 330] },
  },
  {
    slug: "enhancement-detail",
    name: "Enhancement Detail",
    category: "detailing",
    kind: "package",
    short: "Single-stage machine polish that removes light swirls and restores gloss.",
    long: "Full decontamination (iron fallout and clay), a **single-stage machine polish** that removes most light swirls, and a sealant finish.",
    matrix: { S: [22000, 360], M: [25000, 390], L: [28000, 420], XL: [32000, 480] },
  },
  {
    slug: "paint-sealant",
    name: "Paint Sealant",
    category: "protection",
    kind: "package",
    short: "Six months of slick, water-beading protection.",
    intervalMonths: 6,
    long: "Wash and decontamination followed by a polymer sealant that protects the paint for about six months.",
    matrix: { S: [9500, 120], M: [10500, 135], L: [11500, 150], XL: [13500, 165] },
  },
  {
    slug: "ceramic-coating",
    name: "Ceramic Coating",
    category: "protection",
    kind: "package",
    short: "A one-year ceramic coating after a light paint correction.",
    intervalMonths: 12,
    multiDayMode: "drop_off",
    long: "Decontamination, a light machine polish and a **one-year ceramic coating** on paint, wheels and glass.",
    matrix: { S: [35000, 480], M: [39000, 540], L: [44000, 600] },
  },
  {
    slug: "pet-hair-removal",
    name: "Pet Hair Removal",
    category: "valet",
    kind: "addon",
    short: "Embedded pet hair lifted from carpets and seats.",
    long: "Rubber brushes and air tools lift embedded pet hair from carpets, seats and the boot.",
    matrix: { S: [1500, 30], M: [2000, 30], L: [2500, 45], XL: [3000, 45] },
  },
  {
    slug: "engine-bay-clean",
    name: "Engine Bay Clean",
    category: "detailing",
    kind: "addon",
    short: "Degreased, rinsed safely and dressed.",
    long: "The engine bay degreased, rinsed with low pressure and dressed to a factory finish.",
    matrix: { S: [2500, 30], M: [2500, 30], L: [3000, 30], XL: [3500, 45] },
  },
  {
    slug: "leather-care",
    name: "Leather Clean & Condition",
    category: "detailing",
    kind: "addon",
    short: "Gentle leather cleaner and a conditioning balm.",
    long: "Leather seats and trim cleaned with a gentle cleaner and protected with a conditioning balm.",
    matrix: { S: [3000, 30], M: [3000, 30], L: [3500, 45], XL: [4000, 45] },
    addonFor: ["valet", "detailing"],
  },
  {
    slug: "headlight-restoration",
    name: "Headlight Restoration",
    category: "detailing",
    kind: "addon",
    short: "Cloudy headlights wet-sanded, polished and sealed.",
    long: "Yellowed, cloudy headlights wet-sanded, machine polished and sealed with UV protection.",
    matrix: { S: [4000, 45], M: [4000, 45], L: [4500, 45], XL: [4500, 60] },
    addonFor: ["wash", "valet", "detailing"],
  },
];

export const DEMO_ZONES = [
  { name: "Brixton & Stockwell", prefixes: ["SW9", "SW2"], fee: 0, buffer: 0 },
  { name: "Clapham & Battersea", prefixes: ["SW4", "SW11", "SW8"], fee: 0, buffer: 0 },
  { name: "Camberwell & Peckham", prefixes: ["SE5", "SE15", "SE22"], fee: 0, buffer: 0 },
  { name: "Greenwich & Lewisham", prefixes: ["SE10", "SE13", "SE8"], fee: 750, buffer: 15 },
  { name: "Central London", prefixes: ["EC", "WC", "W1"], fee: 1500, buffer: 30 },
];
