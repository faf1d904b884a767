import { Dialog } from '../../../components/ui/dialog.tsx';
import { ContactForm } from './contact-form.tsx';

/** docs/product.md §2 contact dialog; loaded on first open (features/shell/components/site-dialogs.tsx). */
export default function ContactDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Contact Us"
      description="We'd love to hear from you. How can we help?"
      className="max-w-lg"
    >
      <ContactForm />
    </Dialog>
  );
}
