/** The trained weights of the health wording classifier (health-classifier.ts). */
export interface HealthClassifierModel {
  bias: number;
  veto: number;
  rescue: number;
  weights: Record<string, number>;
}
