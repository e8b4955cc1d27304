/** The field rules of the login screen give the same errors as the yup schemas they replaced. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { yupToFormErrors } from 'formik';
import { minLength, required, sameAs, validateFields } from './validation';

async function viaYup<V>(schema: yup.AnySchema, values: V) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (yup.ValidationError.isError(error)) return yupToFormErrors<V>(error);
    throw error;
  }
}

interface Update {
  newlog: string;
  newpas: string;
  confirm: string;
}

const text = fc.oneof(fc.constantFrom('', ' ', '  ', '   ', 'ab', ' ab ', 'abc', ' abc', 'abcdef'), fc.string({ maxLength: 8 }));

describe('validateFields', () => {
  it('login form: the same errors as yup string().trim().required().min(3) and string().required().min(3)', async () => {
    const schema = yup.object({
      login: yup.string().trim().required('login required').min(3, 'min 3'),
      password: yup.string().required('password required').min(3, 'min 3'),
    });
    const validate = validateFields<{ login: string; password: string }>({
      login: { trim: true, rules: [required('login required'), minLength(3, 'min 3')] },
      password: { rules: [required('password required'), minLength(3, 'min 3')] },
    });
    await fc.assert(
      fc.asyncProperty(text, text, async (login, password) => {
        expect(validate({ login, password })).toEqual(await viaYup(schema, { login, password }));
      }),
    );
  });

  it('update form: the same errors as yup with oneOf([ref(newpas)]) for the confirmation', async () => {
    const schema = yup.object({
      newlog: yup.string().trim().required('login required').min(3, 'min 3'),
      newpas: yup.string().required('password required').min(6, 'min 6'),
      confirm: yup
        .string()
        .required('confirm required')
        .oneOf([yup.ref('newpas')], 'mismatch'),
    });
    const validate = validateFields<Update>({
      newlog: { trim: true, rules: [required('login required'), minLength(3, 'min 3')] },
      newpas: { rules: [required('password required'), minLength(6, 'min 6')] },
      // yup checks oneOf before its other tests.
      confirm: { rules: [sameAs('newpas', 'mismatch'), required('confirm required')] },
    });
    const same = fc.tuple(text, text).map(([newlog, newpas]) => ({ newlog, newpas, confirm: newpas }));
    const any = fc.record({ newlog: text, newpas: text, confirm: text });
    await fc.assert(
      fc.asyncProperty(fc.oneof(same, any), async (values) => {
        expect(validate(values)).toEqual(await viaYup(schema, values));
      }),
    );
  });
});
