import { useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'react-router';

/** An open/closed flag that closes itself whenever the shopper goes to another page. */
export function useClosesOnNavigation(): [boolean, Dispatch<SetStateAction<boolean>>] {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(location.key);
  if (openedAt !== location.key) {
    setOpenedAt(location.key);
    setOpen(false);
  }
  return [open, setOpen];
}
