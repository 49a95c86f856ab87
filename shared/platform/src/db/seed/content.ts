/**
 * Demo content for the seed script: news articles and upcoming events of the
 * Patriot Pillars Foundation. Dates are relative (days ago / days from now) so a
 * freshly seeded database always looks current. Every imageUrl points at an SVG
 * under web/public/images.
 */
import type { PricingTier } from '@pillars/contracts';
import { pillarsInWords } from '@pillars/contracts';

export interface NewsSeed {
  slug: string;
  title: string;
  excerpt: string;
  /** Plain text, paragraphs separated by a blank line. */
  content: string;
  imageUrl: string;
  daysAgo: number;
  hour: number;
  minute: number;
}

export interface EventSeed {
  slug: string;
  title: string;
  /** Plain text, paragraphs separated by a blank line. */
  description: string;
  imageUrl: string | null;
  location: string;
  daysFromNow: number;
  /** 'HH:mm' in America/New_York. */
  startTime: string;
  durationMinutes: number;
  /** Integer cents. */
  price: number;
  requiresPayment: boolean;
  /** Raw text stored in the events.pricingTiers column (a JSON list of tiers, or null). */
  pricingTiers: string | null;
}

const paragraphs = (...parts: string[]): string => parts.join('\n\n');

export const newsSeed: NewsSeed[] = [
  {
    slug: 'service-day-at-the-veterans-home',
    title: 'A Saturday of Service at the Cedar Ridge Veterans Home',
    excerpt:
      'Forty-two volunteers spent a Saturday painting, planting and listening at the Cedar Ridge Veterans Home. The residents, it turned out, had just as much to give back.',
    content: paragraphs(
      `The coffee was still brewing when the first volunteers pulled into the parking lot of the Cedar Ridge Veterans Home on Saturday morning. By eight o'clock, forty-two people had signed in: retirees and high school students, a few young families with children in tow, and a handful of veterans who came not as guests but as workers. The plan was simple. Paint the long hallway of the east wing, rebuild the raised garden beds in the courtyard, and spend the afternoon doing what the staff told us mattered most: sitting down and listening.`,
      `The painting crew was led by Marcus Delgado, a retired Army engineer who has volunteered with the Foundation for three years. He had the hallway taped, primed and divided into sections before most of us had finished our first cup of coffee. "You do the job right or you do it twice," he told the teenagers on his team, and by lunch the tired beige walls had become a warm, clean cream that the residents said made the whole wing feel brighter.`,
      `Out in the courtyard, a second team replaced six rotted garden beds with new cedar frames at wheelchair height, so that residents can tend tomatoes, peppers and herbs without bending or kneeling. Several residents supervised the work from the shade, offering advice that was occasionally horticultural and frequently hilarious. One gentleman, a Navy cook in his younger days, made it clear that the basil was to be planted closest to the kitchen door, and nobody argued.`,
      `The afternoon belonged to conversation. Volunteers paired off with residents in the dayroom and on the porch, and for two hours the building was full of stories: of basic training and long deployments, of letters from home, of friends who did not come back. Many of our younger volunteers had never spoken at length with someone who served in Korea or Vietnam. Several told us afterwards that it was the most meaningful part of the day.`,
      `This is what we mean when we talk about service as one of the 7 Pillars of a Patriot. Service is not only the grand gesture. It is a fresh coat of paint, a garden bed built at the right height, and an hour given freely to someone who has earned our gratitude many times over. It asks nothing of politics or background, only a willingness to show up.`,
      `Our thanks go to the staff of Cedar Ridge for hosting us, to the local hardware store that donated the lumber and paint, and to every volunteer who gave up a Saturday. We will be back in the autumn to harvest what was planted, and we would love for you to join us. Keep an eye on our events page for the next service day near you.`,
    ),
    imageUrl: '/images/news/service-day-at-the-veterans-home.svg',
    daysAgo: 3,
    hour: 9,
    minute: 15,
  },
  {
    slug: 'youth-leadership-camp-recap',
    title: 'Five Days, Sixty Students: Looking Back on Youth Leadership Camp',
    excerpt:
      'Sixty high school students from eleven states spent a week learning to lead, serve and speak up for their communities. Here is what they took home.',
    content: paragraphs(
      `When the buses pulled away from Camp Willow Run last Friday, sixty high school students left with sunburns, new friendships and a notebook full of plans. Our annual Youth Leadership Camp brought together young people from eleven states for five days of workshops, service projects and long conversations around the campfire about what it means to be a citizen and a leader.`,
      `Each morning began with physical training, a nod to the pillar of strength. Counsellors, several of them veterans and first responders, led the students through runs, team challenges and an obstacle course that required every member of a squad to finish before anyone could. The point was never speed. It was learning that a team is only as strong as the way it carries its slowest member.`,
      `The afternoons turned to the practical skills of leadership. Students practised public speaking in front of their peers, learned how a town council meeting actually works, and drafted short proposals for a project they could carry out in their own communities. A panel of local leaders, including a county clerk, a small business owner and a school principal, answered questions with refreshing honesty about failure, persistence and the unglamorous work that sits behind every public success.`,
      `On Wednesday the whole camp spent the day in service, clearing trails at a nearby state park and sorting donations at a regional food bank. Sixteen-year-old Hannah from Ohio summed up the mood that evening: "I thought leadership meant being in charge. Now I think it mostly means being the first one to pick up a shovel."`,
      `The final night is always the one campers remember. Each student stood before the group and shared one commitment for the year ahead. Some promised to start a tutoring club, others to organise a neighbourhood cleanup, and more than a few simply promised to call their grandparents more often. Every commitment was written down, and our mentors will check in with each student over the coming months.`,
      `We are deeply grateful to the families who trusted us with their sons and daughters, to the sponsors whose generosity kept the camp free for every participant, and to the counsellors who gave a week of their lives to the next generation. Applications for next summer's camp will open in the new year.`,
    ),
    imageUrl: '/images/news/youth-leadership-camp-recap.svg',
    daysAgo: 9,
    hour: 14,
    minute: 30,
  },
  {
    slug: 'mill-creek-community-cleanup',
    title: 'Two Tons Lighter: The Mill Creek Community Cleanup',
    excerpt:
      'More than a hundred neighbours turned out with gloves and grabbers to clear two miles of Mill Creek. The creek, and the neighbourhood, look better for it.',
    content: paragraphs(
      `Mill Creek winds for almost three miles through the older neighbourhoods on the south side of town. For years, residents have watched it collect the debris of a busy city: plastic bottles, shopping carts, tyres and the occasional mystery object that defies explanation. On Saturday, more than a hundred neighbours decided it was time to do something about it.`,
      `Volunteers gathered at the footbridge on Elm Street at seven in the morning, where our team handed out gloves, grabbers, safety vests and a short briefing on what to pick up and what to leave for the city crews. Families took the gentle stretches near the playground, while a group of local high school athletes volunteered for the steep banks downstream, where most of the heavy debris had settled.`,
      `By noon the numbers were in. Volunteers removed an estimated two tons of rubbish, including fourteen tyres, three shopping carts, a rusted bicycle and more than four hundred bags of smaller litter. The city's public works department hauled the heavy items away that afternoon, and the parks department has agreed to install two new waste bins near the footbridge where litter tends to gather.`,
      `Cleanups like this one are about more than tidy creek banks. They are about neighbours meeting one another, often for the first time, and discovering that they share a stake in the place they live. Over sandwiches donated by the diner on Fourth Street, retirees traded stories with college students, and a young father who moved to the area last year told us he finally felt like he belonged.`,
      `Stewardship of our communities is part of what it means to be a patriot. Love of country begins with love of the streets, parks and waterways we share every day. Nobody asked the volunteers where they stood on the issues of the day. They asked only whether you had a spare pair of gloves.`,
      `We plan to return to Mill Creek twice a year, in spring and in autumn. If you would like to help organise a cleanup in your own neighbourhood, our volunteer team can provide supplies, insurance guidance and a simple checklist to get you started. Just reach out through our contact page.`,
    ),
    imageUrl: '/images/news/mill-creek-community-cleanup.svg',
    daysAgo: 16,
    hour: 11,
    minute: 5,
  },
  {
    slug: 'constitution-reading-circle-first-season',
    title: 'Reading the Constitution Together, One Article at a Time',
    excerpt:
      'Our first Constitution Reading Circle met every Tuesday evening for ten weeks. Participants came with different views and left with a shared respect for the document that binds us.',
    content: paragraphs(
      `Most Americans have heard the Constitution quoted far more often than they have read it. That observation, made by a member of our board over coffee last winter, became the seed of the Constitution Reading Circle, a small group that met every Tuesday evening for ten weeks in the community room of the Oak Hill Public Library.`,
      `The format was deliberately simple. Each week, participants read one section aloud, from the Preamble through the Articles and on to the Amendments, and then spent an hour discussing what the words say, what the framers were trying to accomplish and how the text has been understood over more than two centuries. A retired civics teacher, Eleanor Whitfield, served as our guide, armed with a well-worn pocket copy and a gift for asking the right question at the right time.`,
      `The group of twenty-two included a nurse, two farmers, a software developer, several retirees, a pastor and a pair of college students studying for their own citizenship exam alongside a friend who had recently become a naturalised citizen. They did not always agree, and they were not meant to. What they shared was a willingness to read carefully, listen generously and disagree with courtesy.`,
      `Some evenings were devoted to the mechanics of government, such as how a bill becomes law or why the Senate and the House were designed so differently. Others became deeply personal. The night we read the Bill of Rights, one participant described what freedom of worship had meant to her parents, who left a country where it did not exist. The room was quiet for a long time afterwards.`,
      `Knowledge is one of the 7 Pillars of a Patriot for a reason. A free people can only stay free if they understand the framework that protects their liberty and the responsibilities that come with it. The Reading Circle was not about telling anyone what to think. It was about giving ordinary citizens the confidence to read the founding documents for themselves.`,
      `Thanks to the enthusiasm of our first group, we will be launching two new circles this autumn, one in the evening and one on Saturday mornings. No preparation or background is needed, only curiosity. We provide a pocket Constitution to every participant, and the coffee is always on us.`,
    ),
    imageUrl: '/images/news/constitution-reading-circle-first-season.svg',
    daysAgo: 24,
    hour: 19,
    minute: 45,
  },
  {
    slug: 'memorial-day-tribute',
    title: 'They Gave Everything: Our Memorial Day Tribute',
    excerpt:
      'At dawn on Memorial Day, volunteers placed more than three thousand flags at Riverside National Cemetery. A reflection on the quiet work of remembering.',
    content: paragraphs(
      `The sun had barely cleared the hills when the first volunteers walked through the gates of Riverside National Cemetery on the Saturday before Memorial Day. Each carried a canvas bag filled with small American flags. By the time the morning mist lifted, more than three thousand headstones had a flag set precisely one boot length in front of the stone, the way the cemetery staff had taught us.`,
      `There is a rhythm to the work that is hard to describe. Kneel, read the name aloud, place the flag, stand and move on. Many volunteers chose to say each name as they went, so that every soldier, sailor, airman and marine resting there would be spoken of once more. Parents taught their children to do the same. Nobody rushed.`,
      `On Memorial Day itself, we joined the local VFW post and American Legion for the community ceremony. A high school band played the national anthem, a chaplain offered a prayer for the fallen and for the families who carry their absence every day, and a bugler sounded Taps across the silent rows. Gold Star mother Patricia Lawson shared a few words about her son, a Marine lost in Afghanistan, and asked the crowd to remember that every name represents a life full of promise.`,
      `Memorial Day is not a celebration, and it is not about any one of us. It is a day set aside to remember the men and women who died in service to this country, so that the rest of us could live free. Sacrifice is one of the 7 Pillars of a Patriot because it is the foundation on which all the others stand. We honour it best not with speeches but by living lives worthy of what was given.`,
      `In the afternoon, the same volunteers returned to collect the flags, folding each one carefully for use again next year. It took nearly as long as placing them, and not a single volunteer left early.`,
      `To everyone who came out at dawn, to the cemetery staff who guided us and to the veterans' organisations who welcomed us as partners, thank you. If you would like to join us next year, or help with flag placements on Veterans Day, please sign up on our volunteer page.`,
    ),
    imageUrl: '/images/news/memorial-day-tribute.svg',
    daysAgo: 33,
    hour: 7,
    minute: 0,
  },
  {
    slug: 'volunteer-spotlight-harvest-food-drive',
    title: 'Volunteer Spotlight: How Ruth Okafor Filled a Warehouse',
    excerpt:
      'When the regional food bank ran short this spring, volunteer Ruth Okafor organised a drive that collected more than eighteen thousand pounds of food. We sat down with her to find out how.',
    content: paragraphs(
      `Ruth Okafor does not think of herself as an organiser. She is a middle school maths teacher, a mother of three and, by her own description, someone who "just cannot stand seeing empty shelves". So when she learned in March that the Tri-County Food Bank was running dangerously low ahead of the summer months, when children lose access to school meals, she decided to do something about it.`,
      `What began as a collection box in the teachers' lounge became, within six weeks, the largest food drive in the history of our local chapter. Ruth recruited churches, scout troops, two grocery stores, a car dealership and a dozen small businesses to host drop-off points. She designed a simple flyer, set up a shared spreadsheet and talked her students into a friendly competition between homerooms that, she admits, got slightly out of hand.`,
      `By the end of April, volunteers had collected more than eighteen thousand pounds of food and nearly four thousand dollars in cash donations, enough to provide roughly fifteen thousand meals. On the final Saturday, sixty volunteers formed a human chain to load the donations into the food bank's trucks, passing cans and cereal boxes from hand to hand in a line that stretched across the parking lot.`,
      `We asked Ruth what advice she would give to someone who wants to start something similar. "Ask people directly," she said. "Most folks want to help. They are just waiting for someone to tell them how. And do not be afraid to start small. My first box had six cans of soup in it."`,
      `Ruth's story captures the pillar of leadership as well as any we know. Leadership is not a title or a position. It is seeing a need, taking the first step and inviting others along. Her faith, she told us, has always taught her that we are called to feed the hungry, and she found that neighbours of every background were eager to answer that call with her.`,
      `The food bank's director told us that the donations will carry their pantry through the summer. Ruth, meanwhile, is already planning a winter coat drive. If you would like to help, or if you know a volunteer whose story deserves to be told, we would love to hear from you.`,
    ),
    imageUrl: '/images/news/volunteer-spotlight-harvest-food-drive.svg',
    daysAgo: 45,
    hour: 16,
    minute: 20,
  },
  {
    slug: 'what-the-seven-pillars-mean',
    title: 'What the 7 Pillars of a Patriot Really Mean',
    excerpt:
      'The 7 Pillars of a Patriot are the heart of everything we do. Here is a plain-spoken guide to what each one means and how you can start building them today.',
    content: paragraphs(
      `People often ask us what we mean by a patriot. It is a word that has been pulled in many directions, and we understand why some hesitate to use it. For us, a patriot is simply someone who loves their country enough to become their strongest, most purpose-driven self in its service, and who shows that love through how they live, lead and treat their neighbours. The 7 Pillars of a Patriot are our attempt to describe what that looks like in everyday life.`,
      `Faith is the first pillar. We believe that a life anchored in something greater than oneself brings the courage, humility and hope that free societies depend on. Strength is the second: caring for body and mind so that we are ready to stand up when we are needed. Knowledge is the third, because a free people must understand their history, their founding documents and the responsibilities of citizenship.`,
      `Service is the fourth pillar and the one most of our volunteers encounter first. It is the food drive, the creek cleanup and the afternoon spent with a veteran who has stories to tell. Leadership is the fifth: the willingness to step forward, take responsibility and bring others with you. Leadership begins at the kitchen table and the workplace long before it reaches any public office.`,
      `Sacrifice is the sixth pillar. We learn it most clearly from those who gave their lives in defence of our freedom, but it is practised in smaller ways every day by parents, caregivers, first responders and anyone who puts the needs of others ahead of their own comfort. Community is the seventh, the pillar that holds the rest together. Freedom is not sustained by isolated individuals but by neighbours who know, trust and support one another.`,
      `None of these pillars belongs to a party or a faction. We welcome Americans of every background, and our programmes are built to bring people together rather than divide them. Our workshops, camps, reading circles and service days are each designed to strengthen one or more of the pillars in practical, measurable ways.`,
      `You do not need to master all seven at once. Pick one. Read a founding document this week, sign up for a service day, or invite a neighbour you have never spoken to over for dinner. Small, steady steps are how strong citizens are built, and strong citizens are how a free country endures.`,
      `If you would like to go deeper, our upcoming Seven Pillars Leadership Summit is a full day devoted to the pillars, with speakers, workshops and plenty of time to meet others on the same path. We hope to see you there.`,
    ),
    imageUrl: '/images/news/what-the-seven-pillars-mean.svg',
    daysAgo: 58,
    hour: 10,
    minute: 40,
  },
];

const summitTiers: PricingTier[] = [
  {
    id: 'general',
    name: 'General Admission',
    price: 4500,
    description: 'Full access to the summit sessions and workshops.',
    benefits: [
      'Entry to all keynote sessions',
      'Choice of two afternoon workshops',
      'Boxed lunch and refreshments',
      'Digital Seven Pillars workbook',
    ],
  },
  {
    id: 'vip',
    name: 'VIP Pass',
    price: 12500,
    description: 'Our most popular ticket: the full summit plus time with the speakers.',
    benefits: [
      'Reserved front-section seating',
      'Private breakfast with the keynote speakers',
      'Signed copy of the Seven Pillars field guide',
      'Access to the evening networking reception',
      'Everything in General Admission',
    ],
  },
  {
    id: 'family',
    name: 'Family Pass',
    price: 7500,
    description: 'Two adults and up to three children under 18.',
    benefits: [
      'Admission for two adults and up to three children',
      'Youth leadership track for ages 10 to 17',
      'Family lunch and refreshments',
    ],
  },
];

export const eventSeed: EventSeed[] = [
  {
    slug: 'flag-retirement-ceremony',
    title: 'Community Flag Retirement Ceremony',
    description: paragraphs(
      `Join us on the green for a dignified ceremony to retire worn, faded and torn American flags in accordance with the U.S. Flag Code. The ceremony will be conducted together with the local American Legion post and Scout Troop 112, and includes a presentation of colours, a reading on the history of the flag and a moment of silence for those who served beneath it.`,
      `Bring any flag that is no longer fit for display; collection tables will be open from 9:30. Families are warmly welcome, and the ceremony is a wonderful way to teach children respect for the flag and what it represents.`,
      `This event is free and open to everyone. Light refreshments will be served afterwards.`,
    ),
    imageUrl: '/images/events/flag-retirement-ceremony.svg',
    location: 'Liberty Green Pavilion, 120 North Market Street, Frederick, MD',
    daysFromNow: 12,
    startTime: '10:00',
    durationMinutes: 90,
    price: 0,
    requiresPayment: false,
    pricingTiers: null,
  },
  {
    slug: 'patriot-leadership-breakfast',
    title: 'Patriot Leadership Breakfast',
    description: paragraphs(
      `Start your day with purpose at our quarterly Leadership Breakfast. Over a hot Southern breakfast, local business owners, veterans, educators and community volunteers will gather to hear from Colonel (Ret.) James Whitaker on leading with integrity under pressure, drawn from thirty years of service in uniform and in civic life.`,
      `After the talk, each table will work through a short leadership challenge drawn from the 7 Pillars of a Patriot, and you will leave with a practical commitment for the month ahead and new connections in your community.`,
      `Your ticket includes a full breakfast, coffee and a copy of our Leadership Pillar workbook. Seating is limited to 150 guests.`,
    ),
    imageUrl: '/images/events/patriot-leadership-breakfast.svg',
    location: 'The Grand Union Hotel Ballroom, 45 Meeting Street, Charleston, SC',
    daysFromNow: 21,
    startTime: '07:30',
    durationMinutes: 120,
    price: 3500,
    requiresPayment: true,
    pricingTiers: null,
  },
  {
    slug: 'seven-pillars-leadership-summit',
    title: 'Seven Pillars Leadership Summit',
    description: paragraphs(
      `Our flagship gathering of the year brings together hundreds of everyday Americans for a full day devoted to the 7 Pillars of a Patriot: ${pillarsInWords()}. Hear from veterans, first responders, teachers, pastors and entrepreneurs who have built lives of purpose, and discover how to do the same in your own home, workplace and town.`,
      `The morning features keynote talks and a panel on rebuilding civic trust. In the afternoon you will choose from hands-on workshops, from physical readiness and family leadership to starting a service project in your neighbourhood. A dedicated youth track runs alongside for young people aged 10 to 17.`,
      `Choose the ticket that suits you: General Admission, the VIP Pass with a private speakers' breakfast and evening reception, or the Family Pass for two adults and up to three children.`,
    ),
    imageUrl: '/images/events/seven-pillars-leadership-summit.svg',
    location: 'Music City Convention Hall, 201 Fifth Avenue South, Nashville, TN',
    daysFromNow: 45,
    startTime: '09:00',
    durationMinutes: 480,
    price: 0,
    requiresPayment: true,
    pricingTiers: JSON.stringify(summitTiers),
  },
  {
    slug: 'constitution-day-dinner',
    title: 'Constitution Day Dinner and Civil Conversation',
    description: paragraphs(
      `Celebrate the signing of the Constitution a short walk from where it was written. This evening begins with a three-course dinner, followed by a moderated conversation between two constitutional scholars of differing perspectives on the enduring genius of the separation of powers.`,
      `The evening is designed to model what civil disagreement looks like: rigorous, respectful and grounded in the text. Guests will have time to put their own questions to the speakers, and every attendee receives a pocket Constitution.`,
    ),
    imageUrl: '/images/events/constitution-day-dinner.svg',
    location: 'Independence Hall Club, 310 Chestnut Street, Philadelphia, PA',
    daysFromNow: 60,
    startTime: '18:30',
    durationMinutes: 180,
    price: 2000,
    requiresPayment: true,
    // Deliberately broken JSON: it demonstrates that invalid pricing tiers are treated as
    // no tiers (product rule), so this event falls back to its direct price of $20.
    pricingTiers: '[{"id": "early", "name": "Early Bird", ',
  },
  {
    slug: 'volunteer-orientation-night',
    title: 'Volunteer Orientation Night',
    description: 'An informal evening for anyone curious about volunteering with us.',
    // No image and only a short description, to show the optional fields.
    imageUrl: null,
    location: 'Patriot Pillars Foundation Office, 88 East Broad Street, Columbus, OH',
    daysFromNow: 30,
    startTime: '19:00',
    durationMinutes: 60,
    price: 0,
    requiresPayment: false,
    pricingTiers: null,
  },
];
