import { DefaultButton, PrimaryButton, type IButtonProps } from '@fluentui/react';
import { useNavigate } from 'react-router-dom';

/** A button that is a link (an anchor, for the keyboard and screen readers) and navigates in the app. */
export function LinkButton({ to, primary, ...props }: IButtonProps & { to: string; primary?: boolean }) {
  const navigate = useNavigate();
  const Button = primary ? PrimaryButton : DefaultButton;
  return (
    <Button
      {...props}
      href={to}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
