export * from './domain/artifact-fingerprint';
export * from './domain/regeneration';
export * from './domain/profile-view';
export * from './domain/inventory-import';
export { profileProjection } from './projections/profile.projection';
export { lifeInventoryProjection } from './projections/life-inventory.projection';
export { parseProfileConfig, PROFILE_CONFIG, type ProfileConfig } from './profile.config';
export { ProfileSynthesisService } from './reactors/profile-synthesis.service';
export { CostCapRetrySweep } from './reactors/cost-cap-retry.sweep';
export { ProfileReactorsModule } from './profile-reactors.module';
export { ProfileApiModule } from './profile-api.module';
export {
  DefineTypeBody,
  ImportBody,
  ListTakesQuery,
  RateBody,
  StartTakeBody,
} from './api/life-inventory.dto';
