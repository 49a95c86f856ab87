/** Validation messages shared by several forms (product texts). */
export const messages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  required: 'Required',
  invalidInput: 'Invalid input',
} as const;
