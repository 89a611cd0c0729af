import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import PersonAddOutlinedIcon from '@mui/icons-material/PersonAddOutlined';
import LoginOutlinedIcon from '@mui/icons-material/LoginOutlined';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import MedicalServicesOutlinedIcon from '@mui/icons-material/MedicalServicesOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import { useRouter } from 'next/router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { logout, selectCurrentUser } from '@/features/auth';
import { selectorOpened } from '@/features/lab';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { routes } from '@/lib/routes';
import { LanguageSwitcher } from '@/features/account';
import { menuItems, SELECT_LAB_KEY } from './menuItems';
import { initials } from './shellSelectors';
import { labCity } from '@/shared/catalogueText';

export const BRIEF_AVATAR_SIZE = 56;
/** Menu indent of spec §9. */
export const MENU_INDENT = 12;

const icons: Record<string, ReactNode> = {
  [routes.home.path]: <HomeOutlinedIcon />,
  [routes.cart.path]: <ShoppingCartOutlinedIcon />,
  [routes.settings.path]: <SettingsOutlinedIcon />,
  [routes.patientsList.path]: <PeopleOutlineIcon />,
  [SELECT_LAB_KEY]: <PlaceOutlinedIcon />,
  [routes.documents.path]: <DescriptionOutlinedIcon />,
  [routes.support.path]: <SupportAgentOutlinedIcon />,
  [routes.register.path]: <PersonAddOutlinedIcon />,
  [routes.login.path]: <LoginOutlinedIcon />,
  [routes.testResults.path]: <ScienceOutlinedIcon />,
  [routes.staff.path]: <BadgeOutlinedIcon />,
  [routes.staffVisits.path]: <MedicalServicesOutlinedIcon />,
};

/** The main menu (spec §2): brief user info, the items for a user or a visitor, language, Sign Out. */
export function MainMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('common');
  const dispatch = useAppDispatch();
  const router = useRouter();
  const isLoggedIn = useAppSelector((s) => s.auth.isLoggedIn);
  const user = useAppSelector(selectCurrentUser);
  const laboratory = useAppSelector((s) => s.lab.laboratory.data);
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const items = menuItems(isLoggedIn, user?.role, user?.staffRole);

  const choose = (key: string) => {
    onClose();
    if (key === SELECT_LAB_KEY) dispatch(selectorOpened());
    else void router.push(key);
  };

  const signOut = () => {
    setConfirmSignOut(false);
    onClose();
    dispatch(logout());
    void router.push(routes.home.path);
  };

  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  return (
    <>
      <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '86vw', sm: 340 }, maxWidth: 360 } } }}>
        <Box id="main-menu" component="nav" aria-label={t('mainMenu')} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: `${MENU_INDENT}px`, pl: 2, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
            <Avatar sx={{ width: BRIEF_AVATAR_SIZE, height: BRIEF_AVATAR_SIZE, bgcolor: 'common.white', color: 'primary.main', fontWeight: 700, fontSize: 22 }}>
              {isLoggedIn && user ? initials(user.firstName, user.lastName) : <PersonOutlineIcon />}
            </Avatar>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              {isLoggedIn && user ? (
                <>
                  <Typography sx={{ fontWeight: 600 }} noWrap data-testid="menu-user-name">
                    {name}
                  </Typography>
                  <Typography variant="body2" sx={{ opacity: 0.85 }} noWrap>
                    {user.email}
                  </Typography>
                </>
              ) : (
                <>
                  <Typography sx={{ fontWeight: 600 }}>{t(isLoggedIn ? 'loading' : 'guest')}</Typography>
                  {!isLoggedIn && (
                    <Typography variant="body2" sx={{ opacity: 0.85 }}>
                      {t('guestText')}
                    </Typography>
                  )}
                </>
              )}
            </Box>
            <IconButton onClick={onClose} aria-label={t('close')} sx={{ color: 'inherit', width: 48, height: 48 }}>
              <CloseIcon />
            </IconButton>
          </Box>
          <List sx={{ py: 1 }}>
            {items.map((item) => {
              const current = item.key === router.pathname;
              return (
                <ListItem key={item.key} disablePadding>
                <ListItemButton
                  onClick={() => choose(item.key)}
                  selected={current}
                  aria-current={current ? 'page' : undefined}
                  data-menu-key={item.key}
                  sx={{ minHeight: 48, pl: `${MENU_INDENT + 4}px`, pr: `${MENU_INDENT}px` }}
                >
                  <ListItemIcon sx={{ minWidth: 40, color: 'primary.main' }}>{icons[item.key]}</ListItemIcon>
                  <ListItemText
                    primary={t(item.labelKey)}
                    secondary={item.key === SELECT_LAB_KEY && laboratory ? labCity(laboratory, i18n.language) : undefined}
                  />
                </ListItemButton>
                </ListItem>
              );
            })}
          </List>
          <Divider />
          <Box sx={{ p: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('language')}
            </Typography>
            <LanguageSwitcher />
          </Box>
          <Box sx={{ flex: 1 }} />
          {isLoggedIn && (
            <Box sx={{ p: 2 }}>
              <Button fullWidth variant="outlined" color="primary" startIcon={<LogoutOutlinedIcon />} onClick={() => setConfirmSignOut(true)} sx={{ minHeight: 48 }}>
                {t('signOut')}
              </Button>
            </Box>
          )}
        </Box>
      </Drawer>
      <ConfirmDialog
        open={confirmSignOut}
        title={t('areYouSure')}
        text={t('signOutText')}
        confirmLabel={t('signOut')}
        cancelLabel={t('cancel')}
        onConfirm={signOut}
        onCancel={() => setConfirmSignOut(false)}
      />
    </>
  );
}
