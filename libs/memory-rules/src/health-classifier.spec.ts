import {
  background,
  examples,
  SETTINGS,
  trainingDigest,
} from '../../../tests/support/health-classifier';
import { HEALTH_CLASSIFIER, HEALTH_CLASSIFIER_TRAINED_ON } from './health-classifier.generated';
import { type HealthClassifierModel, weighHealthWording } from './health-classifier';
import { classifySensitivity } from './sensitivity';

describe('weighHealthWording', () => {
  // A hand-made model: "bed" weighs towards health talk, "saturday" against it.
  const model: HealthClassifierModel = {
    bias: 0,
    veto: 0.05,
    rescue: 0.8,
    weights: { 'w:bed': 1, 'w:saturday': -6, 'b:get out': 1 },
  };

  it('lets a rule hit stand unless the words make health talk very unlikely', () => {
    expect(weighHealthWording('a lie in', true, model).sensitive).toBe(true);
    expect(weighHealthWording('a lie in on saturday', true, model).sensitive).toBe(false);
  });

  it('needs the words alone to make health talk likely where no rule hit', () => {
    expect(weighHealthWording('stayed in bed', false, model).sensitive).toBe(false);
    const verdict = weighHealthWording("couldn't get out of bed again", false, model);
    expect(verdict).toMatchObject({ sensitive: true, kind: 'health_condition' });
    // the words that weighed, never a function word ("get out" weighed too)
    expect(verdict.evidence).toEqual(['bed']);
  });
});

describe('the trained wording classifier', () => {
  it.each([
    "My grandad can't manage his stairs anymore.",
    'Constant ringing in my left ear.',
    'cant breath properly when i climb stairs',
    'got diagnosd with artheritis last month',
  ])('proposes "%s", which no wording rule names', (content) => {
    expect(classifySensitivity({ content })).toMatchObject({
      sensitive: true,
      reason: expect.stringMatching(/^reads as health talk \(".+"\)$/),
    });
  });

  it.each(['The dependency tree is bloated.', 'Our team has a real fever for the new product.'])(
    'keeps "%s" ordinary, though a wording rule hit',
    (content) => {
      expect(classifySensitivity({ content })).toEqual({ sensitive: false });
    },
  );

  it('uses the thresholds the trainer chose (rerun npm run classifier:health after changing them)', () => {
    expect(HEALTH_CLASSIFIER).toMatchObject({ veto: SETTINGS.veto, rescue: SETTINGS.rescue });
    expect(Object.keys(HEALTH_CLASSIFIER.weights).length).toBeGreaterThan(1000);
  });

  // Training takes minutes, so the spec compares the digest of what it would read instead.
  it('was trained on the dev statements, wording rules and settings as they are now (rerun npm run classifier:health)', () => {
    expect(trainingDigest([...examples(), ...background()])).toBe(HEALTH_CLASSIFIER_TRAINED_ON);
  }, 60_000);
});
