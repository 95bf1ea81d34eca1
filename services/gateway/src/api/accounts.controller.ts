import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { CreateAccountRequest } from '@mnemo/contracts';
import { AccountsService } from '../accounts/accounts.service';
import { AdminKeyGuard, parseInput } from '@mnemo/http-edge';

@Controller('v1/admin/accounts')
@UseGuards(AdminKeyGuard)
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  /** Creates an account; its API key is in this answer and nowhere else, ever. */
  @Post()
  async create(@Body() body: unknown): Promise<{ accountId: string; apiKey: string }> {
    const { name } = parseInput(CreateAccountRequest, body, 'body');
    return this.accounts.create(name);
  }
}
