// The word lists and cue patterns the site reader matches pages against.

/** Keyword → industry: the industry whose words the pages use most (title, description and headings count three times). */
export const INDUSTRIES: Array<[label: string, terms: string[]]> = [
  [
    'Food and drink: bakery',
    [
      'bakery',
      'bakeries',
      'baker',
      'bakers',
      'bread',
      'breads',
      'sourdough',
      'loaf',
      'loaves',
      'pastry',
      'pastries',
      'croissants?',
      'cakes?',
      'patisserie',
      'viennoiserie',
      'baked',
      'baking',
    ],
  ],
  [
    'Food and drink: restaurant and café',
    ['restaurants?', 'café', 'cafe', 'bistro', 'menu', 'dining', 'brunch', 'coffee', 'chef', 'dishes', 'takeaway'],
  ],
  ['Food and cooking', ['recipes?', 'cooking', 'ingredients', 'meal prep', 'kitchen']],
  [
    'Software (SaaS)',
    [
      'software',
      'saas',
      'platform',
      'app',
      'dashboard',
      'workspace',
      'integrations?',
      'automation',
      'api',
      'free trial',
      'per user',
      'per seat',
      'project management',
      'time tracking',
      'timesheets?',
      'crm',
      'analytics',
      'single sign-on',
      'cloud',
    ],
  ],
  ['Software development', ['developers?', 'programming', 'javascript', 'typescript', 'python', 'open source', 'code', 'github']],
  [
    'Outdoor recreation and hiking',
    [
      'hiking',
      'hikers?',
      'hikes?',
      'trails?',
      'trek',
      'trekking',
      'walking',
      'hill ?walk(s|ing)?',
      'backpacking',
      'camping',
      'bothy',
      'summits?',
      'hills?',
      'ridges?',
      'ascents?',
      'mountains?',
      'mountaineering',
      'crampons',
      'ice axe',
      'long-distance',
    ],
  ],
  ['Travel and tourism', ['travel', 'trips?', 'holidays?', 'hotels?', 'flights?', 'itinerary', 'destinations?', 'tours?']],
  [
    'Home services: plumbing and heating',
    ['plumbers?', 'plumbing', 'boilers?', 'leaks?', 'drains?', 'pipes?', 'heating', 'radiators?', 'taps?'],
  ],
  [
    'Home services: building and renovation',
    ['builders?', 'construction', 'renovations?', 'extensions?', 'roofing', 'loft conversions?', 'kitchens? fitted'],
  ],
  ['Home services: cleaning', ['cleaning', 'cleaners?', 'carpet cleaning', 'end of tenancy']],
  [
    'Marketing and SEO',
    [
      'seo',
      'marketing agency',
      'digital marketing',
      'content marketing',
      'link building',
      'ppc',
      'advertising',
      'branding',
      'social media',
    ],
  ],
  ['Legal services', ['solicitors?', 'lawyers?', 'attorneys?', 'law firm', 'legal advice', 'conveyancing']],
  ['Accounting and finance', ['accountants?', 'accounting', 'bookkeeping', 'tax returns?', 'payroll', 'vat']],
  ['Personal finance', ['budgeting', 'savings', 'mortgages?', 'credit cards?', 'investing', 'pensions?']],
  ['Health care', ['clinic', 'dentists?', 'dental', 'physiotherapy', 'therapy', 'patients', 'gp', 'doctors?']],
  ['Fitness', ['gym', 'fitness', 'workouts?', 'personal trainer', 'yoga', 'pilates', 'strength training']],
  ['Beauty and wellness', ['salon', 'hair', 'beauty', 'spa', 'nails', 'skincare', 'massage']],
  ['Real estate', ['estate agents?', 'property', 'properties', 'lettings', 'homes for sale', 'real estate']],
  ['Education and training', ['courses?', 'tutoring', 'tutors?', 'lessons', 'students', 'classes', 'training']],
  ['Retail and e-commerce', ['shop', 'store', 'free delivery', 'free shipping', 'add to cart', 'add to basket', 'checkout']],
  ['Photography', ['photographer', 'photography', 'photo shoots?', 'portraits']],
  ['Pet care', ['dogs?', 'cats?', 'pets?', 'grooming', 'vets?', 'puppy']],
  ['Automotive', ['cars?', 'garage', 'mot', 'tyres', 'servicing', 'vehicles?']],
]

/** Headings that are navigation or page furniture, never an offering. */
export const NAVIGATION = new Set(
  `home|blog|news|contact|contact us|about|about us|about me|menu|search|login|log in|sign in|sign up|register|cart|basket|checkout|account|my account
  |faq|faqs|frequently asked questions|testimonials|reviews|careers|jobs|team|our team|privacy|privacy policy|terms|terms of service
  |terms and conditions|cookies|cookie policy|legal|sitemap|company|product|products|services|our services|features|pricing|plans|resources
  |support|help|categories|category|tags|archives|archive|comments|newsletter|opening hours|hours|location|locations|find us|gallery
  |portfolio|shop|store|press|partners|solutions|integrations|customers|share|share this|related posts|recent posts|popular posts|latest posts
  |read more|learn more|see more|view all|more|next|previous|back to top|skip to content|introduction|conclusion|summary|final thoughts
  |key takeaways|table of contents|in this article|leave a reply|leave a comment|all posts|follow us|get in touch|subscribe|min read`
    .split('|')
    .map((entry) => entry.trim()),
)

/** Words that open a heading which is a question, a sentence or a signpost, not the name of an offering. */
export const NOT_AN_OFFER_START = new Set(
  `how why what when where who which whose is are was were can could do does did should would will i we you my our your it this these those there
  here get meet see read learn join contact follow visit leave about welcome thanks thank subscribe sign log from by posted written final latest
  recent related popular more all other share day week month chapter step part since`.split(/\s+/),
)

/** Heading words that mark a named product or package. */
export const PRODUCT_WORDS = /\b(plan|package|box|kit|bundle|hamper|membership|subscription|course|edition|tier|pack|voucher|pass)\b/i

export const FIRST_NAMES = new Set(
  `james john robert michael william david richard joseph thomas tom charles chris christopher daniel dan matthew matt anthony mark paul steven
  andrew andy ben benjamin sam samuel jack harry george oliver noah leo jake luke adam peter alex alexander ryan josh joshua mary patricia jennifer
  linda elizabeth barbara susan jessica sarah karen lisa nancy emma emily olivia sophie sophia amelia isla ava grace chloe lucy hannah anna laura
  rachel rebecca kate katie claire helen maria jane julia amy megan ella mia zoe`.split(/\s+/),
)

export const MONTHS =
  /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t|tember)?|oct(ober)?|nov(ember)?|dec(ember)?)\b/i
export const WEEKDAYS = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i
export const BOILERPLATE = /cookie|javascript|all rights reserved|©|privacy|newsletter|sign up|log in|subscribe|click here|read more/i

/** Function words: never a word that tells offers apart. */
export const FUNCTION_WORDS = new Set(
  `a an and are as at be been being but by can could did do does for from had has have he her here hers him his how i if in into is it its just
  me my no nor not of off on once only or our ours out over own per she so some such than that the their them then there these they this those
  through to too under until up very was we were what when where which while who whom why will with would you your yours yourself every each
  across after before during without within about above below between both few more most other any all also again further same around since
  yes i'm i've i'd i'll we're we've you're you'll it's that's there's don't can't won't isn't aren't`.split(/\s+/),
)

/** Function words, clear verbs and words of time and quantity: a search phrase never contains one. */
export const PHRASE_BREAKS = new Set([
  ...FUNCTION_WORDS,
  ...`get gets got make makes made use uses used bake bakes fix fixes keep keeps kept help helps start starts see sees saw find finds found
  take takes took give gives gave know knows knew need needs want wants like likes love loves come comes came go goes went gone let lets
  bring brings brought turn turns choose chooses send sends save saves grow grows answer answers live lives offer offers provide provides
  deliver delivers create creates write writes wrote share shares join joins stop stops spend spends pay pays enjoy enjoys explore discover
  visit reach tell tells told allow allows run runs ran track tracks plan plans say says said think thought leave left put set try tries
  look looks feel feels felt become becomes began stood held next last first second new day days week weeks month months year years
  minutes min one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty dozen hundred thousand million
  many much lot lots great good best better really always never ever still even well often usually sometimes today tomorrow yesterday
  tonight morning evening anytime everything everyone anything nothing something someone ready`.split(/\s+/),
])

export const AUDIENCE_TAIL = /(s|people|staff|children|everyone)$/
export const NOT_AUDIENCE = new Set(
  `days weeks months years hours minutes times details reasons updates collections things ideas tips results reports projects loaves cakes
  pastries breads orders deliveries pages posts words miles views links costs prices plans features tools items products services goods
  links comments questions answers`.split(/\s+/),
)

/** Cue words, matched as whole words ("broken-in" is not "broken"). */
const cues = (pattern: string) => new RegExp(`(?<![\\p{L}-])(?:${pattern})(?![\\p{L}-])`, 'iu')
export const PROBLEM = cues(
  'chas(?:e|es|ing)|struggl\\p{L}*|tired of|hassle|stress(?:ed|ful)?|problems?|pain points?|wast(?:e|es|ed|ing)|missed|slips?|overbooked|spreadsheets|leak(?:s|ing)?|burst|blocked|broken|dripping|emergenc(?:y|ies)',
)
export const ADVANTAGE = cues(
  'since (?:19|20)\\d\\d|founded|family|independent|award\\p{L}*|trusted|by hand|hand-?made|organic|free-range|local|same day|day and night|24/7|guarantee[ds]?|no credit card|certified|experienced|never use|dedicated',
)
export const OUTCOME = cues(
  'so (?:it|you|that|they|your)|sav(?:e|es|ing)|keeps?|more|less|faster|recover\\p{L}*|grow\\p{L}*|increas\\p{L}*|reduc\\p{L}*|on time|lower|safe|better',
)

export const BUSINESS_MODELS: Array<[RegExp, string]> = [
  [/\b(per user|per seat|per month|billed (annually|monthly)|free trial|subscription)\b/i, 'Subscription'],
  [/\baffiliate links?\b|\bsponsored\b|\badvertis(ing|ements?)\b/i, 'Content site: affiliate links and advertising'],
  [/\b(add to (cart|basket)|checkout|free (shipping|delivery)|shop now|buy now)\b/i, 'E-commerce: online sales'],
  [/\bwholesale\b/i, 'Retail sales with wholesale supply'],
  [
    /\b(book an appointment|get a quote|free quote|call (us|now)|call-?outs?|same day|day and night)\b/i,
    'Local service business: paid jobs and call-outs',
  ],
  [/\b(retainer|case studies|our clients)\b/i, 'Agency: client projects and retainers'],
]
