export { useForm, type FormApi } from './useForm';
export { FieldError, FormError } from './FieldError';
export { TextField, SelectField, CheckboxField, SubmitButton } from './fields';
