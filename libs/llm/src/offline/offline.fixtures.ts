/** Fixed inputs the offline specs pin their outputs on. */
export const BAKERY_TRANSCRIPT = `User: I've been thinking about leaving my job at the bank. My goal is to start a small bakery within two years.
Assistant: That's a big change. What draws you to baking? I want to help you plan.
User: Baking has always calmed me down. My wife thinks the bakery is a risk, but she supports me. I decided to take a weekend pastry course in March.
Assistant: How do you feel about the financial side?
User: Money worries me. I prefer to save a year of expenses before I quit the bank. I value stability for my kids.
I realized that I only feel creative on weekends. We moved to Leeds in 2019. Should I quit?
Assistant: It sounds like stability and creativity both matter to you.
User: Yes. I want to test the bakery idea at the farmers market first.`;

export const BAKERY_ARTIFACTS = [
  'Career reflection. My goal is to open a bakery. I value stability for my kids. I love baking bread on Sunday mornings. The bank job pays well but it drains me.',
  'Family values. My wife is a nurse and works night shifts. Family dinners are important to me. I want to spend more evenings with the kids. Could I run a bakery and still be home for dinner?',
  'Money and risk. I decided to save a year of expenses first. Baking is where I feel creative, yet money worries me. I want to test the bakery at the farmers market.',
];
