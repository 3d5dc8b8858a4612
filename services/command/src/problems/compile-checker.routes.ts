import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { boundedText, noData, textMax } from '@oj/contracts';
import { findOfferedLanguage, hojReply, success, type LocalizedText } from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';
import type { CompileCheckerClient } from './compile-checker/compile-checker-client';
import { compileProgramBody } from '@oj/contracts';
import { problemMessages } from './problems.rejections';

export const compileCheckerMessages = {
  noJudge: {
    'zh-CN': '没有可用的判题服务器，请重新尝试！',
    'en-US': 'No judge server is available, please try again!',
  },
  /** The judge's own words: the compiler output. */
  failed: { 'zh-CN': '{message}', 'en-US': '{message}' },
} as const satisfies Record<string, LocalizedText>;

/** HOJ's CompileDTO.extraFiles: the problem's judge extra files, name → text. Anything else is ignored. */
const extraFilesSchema = z.record(boundedText(textMax.line), boundedText(textMax.document)).catch({});

const backOffice = {
  config: { access: 'login' as const, roles: ['root' as const, 'admin' as const, 'problem_admin' as const] },
  ...hojReply(noData),
};

/**
 * POST /api/admin/problem/compile-spj and /compile-interactive (admin §5.7): a judge process compiles the
 * source exactly as judging will (site-wide checker includes and the given extra files next to it) and its
 * verdict is the reply. Without a compiler (no NATS configured) only the parameters and language are checked.
 */
export function compileCheckerRoutes(app: FastifyInstance, compiler: CompileCheckerClient | undefined): void {
  const compile = (role: 'checker' | 'interactor') => async (request: FastifyRequest) => {
    const body = compileProgramBody.parse(request.body ?? {});
    if (!body.code?.trim() || !body.language?.trim())
      throw new CommandRejected(400, problemMessages.compileParametersEmpty);
    if (!findOfferedLanguage(body.language)?.isSpj)
      throw new CommandRejected(400, problemMessages.judgeProgramLanguage);
    if (!compiler) return success(null, 'success');
    const outcome = await compiler.compile({
      role,
      language: body.language,
      code: body.code,
      extraFiles: extraFilesSchema.parse(body.extraFiles ?? {}),
    });
    if (outcome.ok === 'no-judge') throw new CommandRejected(400, compileCheckerMessages.noJudge);
    // HOJ answers the compiler's failure with a system-error status (judging.md §5.1).
    if (!outcome.ok) throw new CommandRejected(500, compileCheckerMessages.failed, { message: outcome.message });
    return success(null, problemMessages.compiled['zh-CN']);
  };
  app.post('/admin/problem/compile-spj', backOffice, compile('checker'));
  app.post('/admin/problem/compile-interactive', backOffice, compile('interactor'));
}
