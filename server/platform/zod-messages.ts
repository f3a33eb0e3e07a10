import { z } from 'zod';
import { formatCount } from '../../common/format';

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
};

const count = (value: number | bigint) => formatCount(Number(value));

/**
 * What a field is told when its schema has no sentence of its own for the fault (a wrong type sent by hand, a key
 * the form never sends): words for people instead of the validator's ("Invalid input: expected string, received
 * number"). Lower case and without a full stop, so the error handler puts the field's name before them
 * ("site_name: must be text"). A sentence written in a schema always wins over these.
 */
function readableIssue(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${KINDS[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'is required' : `must be at least ${count(issue.minimum)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at least ${count(issue.minimum)} items`;
      return `must be ${issue.inclusive ? 'at least' : 'more than'} ${count(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${count(issue.maximum)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at most ${count(issue.maximum)} items`;
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${count(issue.maximum)}`;
    case 'invalid_value':
      return issue.values.length <= 8 ? `must be one of: ${issue.values.map(String).join(', ')}` : 'is not one of the choices';
    case 'invalid_format':
      return issue.format === 'regex' ? 'is not in the right form' : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${count(issue.divisor as number)}`;
    case 'unrecognized_keys':
      return `has fields it does not take: ${issue.keys.join(', ')}`;
    default:
      return 'is not valid';
  }
}

/** Installs the words above for every schema of this process (zod's configuration is global). */
export const useReadableZodMessages = () => z.config({ customError: readableIssue });
