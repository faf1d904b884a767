import {
  Baby,
  BedDouble,
  Bike,
  Book,
  BookOpen,
  Camera,
  CookingPot,
  Dumbbell,
  Film,
  Flower2,
  Footprints,
  Glasses,
  Headphones,
  House,
  Lamp,
  Laptop,
  type LucideIcon,
  Music,
  Package,
  Refrigerator,
  Shirt,
  ShoppingBag,
  Smartphone,
  Sofa,
  Tablet,
  Tent,
  Trophy,
  Watch,
  Waves,
} from 'lucide-react';

/**
 * The catalogue stores lucide icon names (seed/catalog-data.ts); only these are bundled, one by one,
 * instead of the whole icon set. An unknown name draws a parcel.
 */
const ICONS: Record<string, LucideIcon> = {
  Baby,
  BedDouble,
  Bike,
  Book,
  BookOpen,
  Camera,
  CookingPot,
  Dumbbell,
  Film,
  Flower2,
  Footprints,
  Glasses,
  Headphones,
  House,
  Lamp,
  Laptop,
  Music,
  Refrigerator,
  Shirt,
  ShoppingBag,
  Smartphone,
  Sofa,
  Tablet,
  Tent,
  Trophy,
  Watch,
  Waves,
};

/** A category's or subcategory's icon; decorative (the name is always written next to it). */
export function CategoryIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Package;
  return <Icon aria-hidden="true" className={className ?? 'size-5'} />;
}
