import type { EventOf } from '@mnemo/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OnEvent } from '@mnemo/eventing';
import { ProfileSynthesisService } from './profile-synthesis.service';

/**
 * "Refresh Profile" (docs/profile.md): the block is cleared (by the projection) and the synthesis
 * runs now.
 */
@Controller()
export class ProfileRefreshRequestedReactor {
  constructor(private readonly synthesis: ProfileSynthesisService) {}

  @OnEvent('ProfileRefreshRequested')
  async onRefresh(@Payload() event: EventOf<'ProfileRefreshRequested'>): Promise<void> {
    await this.synthesis.regenerate(event.accountId, event);
  }
}
