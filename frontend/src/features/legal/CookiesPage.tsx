import { LegalDocument } from './LegalDocument';

export default function CookiesPage() {
  return <LegalDocument name="cookies" />;
}
