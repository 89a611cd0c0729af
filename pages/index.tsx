import Typography from '@mui/material/Typography';

export default function HomePage() {
  return <Typography variant="h1">Lab shop</Typography>;
}
